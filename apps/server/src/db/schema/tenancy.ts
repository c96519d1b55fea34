import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { byUser, users } from './platform';

/**
 * Every uploaded file (ADR 0019): pay slips, documents, the pay-slip import, logos, attachments. The bytes live in
 * the file storage under `<workspace id>/<file id>` (lib/storage), never under a name from input. A record that
 * points at a file does so with (workspace_id, file_id), so it can only reach a file of its own workspace.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    workspaceId: workspaceId().references((): AnyPgColumn => workspaces.id, { onDelete: 'cascade' }),
    /** The name the uploader gave (shown and offered on download; never a storage path). */
    name: text('name').notNull(),
    /** Read from the content (magic bytes), not from the name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind', { enum: ['payslip', 'payslip-import', 'document', 'logo', 'attachment'] }).notNull(),
    uploadedBy: byUser('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_ws_id_key').on(t.workspaceId, t.id),
    index('files_ws_sha_idx').on(t.workspaceId, t.sha256),
    check('files_size_check', sql`${t.size} > 0`),
    check('files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A company. Its id is the tenant key of every tenant table. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    vatNumber: text('vat_number'),
    fiscalCode: text('fiscal_code'),
    website: text('website'),
    phoneNumber: text('phone_number'),
    mobileNumber: text('mobile_number'),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressPostCode: text('address_post_code'),
    addressProvince: text('address_province'),
    addressCountry: text('address_country'),
    addressNote: text('address_note'),
    /** Files of this workspace (composite keys to `files`, ADR 0019): an id from elsewhere is refused by the database. */
    logoFileId: uuid('logo_file_id'),
    squareLogoFileId: uuid('square_logo_file_id'),
    timeZone: text('time_zone').notNull().default('Europe/Rome'),
    attendanceAutoApproveRequest: boolean('attendance_auto_approve_request').notNull().default(false),
    /** When the Italian national holidays were added (once: holidays the admin deletes or renames stay so). */
    holidaysSeededAt: timestamp('holidays_seeded_at', { withTimezone: true }),
    /**
     * Set by the platform operator (ADR 0023): a disabled workspace is in nobody's list and its memberships give no
     * access; its data stays, and enabling it again restores everything.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The file storage this workspace may use (issue 30 item 8), set by the platform operator: megabytes and files.
     * Uploads past either are refused while they are read; the admin sees the usage beside them.
     */
    storageQuotaMb: integer('storage_quota_mb').notNull().default(2048),
    storageQuotaFiles: integer('storage_quota_files').notNull().default(20000),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('workspaces_storage_quota_check', sql`${t.storageQuotaMb} > 0 and ${t.storageQuotaFiles} > 0`),
    inWorkspace('workspaces_logo_file_fk', [t.id, t.logoFileId], files),
    inWorkspace('workspaces_square_logo_file_fk', [t.id, t.squareLogoFileId], files),
  ],
);

/** The tenant key with its reference to the workspace, named by PostgreSQL: the row goes when its workspace goes. */
export const cascadingWorkspaceId = () => workspaceId().references(() => workspaces.id, { onDelete: 'cascade' });

/** The same reference as a named table constraint: `workspaceFk('announcements_workspace_fk', t.workspaceId)`. */
export const workspaceFk = (name: string, column: AnyPgColumn) =>
  foreignKey({ columns: [column], foreignColumns: [workspaces.id], name });

/**
 * A user's membership in one workspace and the employee record there (domain.md: "UserInfo").
 * Everything an employee owns hangs off this row, never off the global user.
 */
export const userInfos = pgTable(
  'user_infos',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The names and fiscal code of the employee record, as this workspace shows them (the account's are the person's own). */
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fiscalCode: text('fiscal_code'),
    /** pending until the person accepts the invitation (ADR 0015); only accepted memberships give access. */
    invitationStatus: text('invitation_status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('accepted'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isAccountant: boolean('is_accountant').notNull().default(false),
    isMember: boolean('is_member').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** null = follow the workspace setting; true = automatic; false = admin approval. */
    attendanceAutoApproveRequest: boolean('attendance_auto_approve_request'),
    workEmail: text('work_email'),
    phoneNumber: text('phone_number'),
    pec: text('pec'),
    homeAddress: text('home_address'),
    iban: text('iban'),
    birthday: date('birthday', { mode: 'string' }),
    birthplace: text('birthplace'),
    payrollCode: text('payroll_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_infos_workspace_user_key').on(t.workspaceId, t.userId),
    uniqueIndex('user_infos_workspace_id_key').on(t.workspaceId, t.id),
    uniqueIndex('user_infos_workspace_fiscal_code_key').on(t.workspaceId, t.fiscalCode),
    check('user_infos_invitation_status_check', sql`${t.invitationStatus} in ('pending', 'accepted', 'declined')`),
    index('user_infos_user_idx').on(t.userId),
  ],
);

/** Who changed what and when, per workspace. Later modules append to it through lib/audit. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: cascadingWorkspaceId(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_workspace_entity_idx').on(t.workspaceId, t.entityType, t.entityId, t.createdAt)],
);
