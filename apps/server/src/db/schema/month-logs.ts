import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, workspaceId } from './columns';
import { cascadingWorkspaceId, workspaces } from './tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One version of a workspace's month (domain.md "Month log"): waiting → in_progress → completed | failed. A completed
 * version is immutable; regenerating makes version n+1 and keeps n. At most one version of a month is waiting or
 * running at a time (the partial unique index turns a second "close" into a 409). Progress and the heartbeat live
 * here, not in the job system: the page polls them, and a running version whose heartbeat stopped is taken over.
 */
export const monthLogs = pgTable(
  'month_logs',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    /** The month's last day (spec: endOfMonth). */
    endOfMonth: date('end_of_month', { mode: 'string' }).notNull(),
    versionNumber: integer('version_number').notNull(),
    status: text('status', { enum: ['waiting', 'in_progress', 'completed', 'failed'] })
      .notNull()
      .default('waiting'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** A failed version's reason, in Italian, as the page shows it. */
    error: text('error'),
    /** The pre-close check as it stood when the close was asked, and whether the admin closed anyway. */
    precheck: jsonb('precheck')
      .notNull()
      .default(sql`'{}'::jsonb`),
    forced: boolean('forced').notNull().default(false),
    /** Month totals of the version (sums of the employees' totals). */
    totals: jsonb('totals'),
    createdBy: uuid('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Reopened for employees (an explicit admin action with a reason); a new close makes the next version. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: uuid('reopened_by'),
    reopenReason: text('reopen_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('month_logs_workspace_id_key').on(t.workspaceId, t.id),
    uniqueIndex('month_logs_version_key').on(t.workspaceId, t.endOfMonth, t.versionNumber),
    uniqueIndex('month_logs_running_key')
      .on(t.workspaceId, t.endOfMonth)
      .where(sql`${t.status} in ('waiting', 'in_progress')`),
    index('month_logs_status_idx').on(t.status, t.heartbeatAt),
    check('month_logs_status_check', sql`${t.status} in ('waiting', 'in_progress', 'completed', 'failed')`),
  ],
);

/** A version's frozen sheet of one employee: the day sheets, the month totals and the accrual balances at month end. */
export const monthLogSheets = pgTable(
  'month_log_sheets',
  {
    workspaceId: workspaceId(),
    monthLogId: uuid('month_log_id').notNull(),
    userInfoId: uuid('user_info_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    days: jsonb('days').notNull(),
    totals: jsonb('totals').notNull(),
    balances: jsonb('balances').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.monthLogId, t.userInfoId] }),
    inWorkspace('month_log_sheets_month_log_fk', [t.workspaceId, t.monthLogId], monthLogs).onDelete('cascade'),
    index('month_log_sheets_workspace_idx').on(t.workspaceId, t.monthLogId),
  ],
);

/**
 * A version's payroll lines: one per employee × day × item, in integer minutes. The item is `worked`, `overtime`, or
 * an absence type (justification). The diff of two versions and every export read these rows only.
 */
export const monthLogLines = pgTable(
  'month_log_lines',
  {
    workspaceId: workspaceId(),
    monthLogId: uuid('month_log_id').notNull(),
    userInfoId: uuid('user_info_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** `worked`, `overtime`, or the justification's id. */
    item: text('item').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.monthLogId, t.userInfoId, t.date, t.item] }),
    inWorkspace('month_log_lines_month_log_fk', [t.workspaceId, t.monthLogId], monthLogs).onDelete('cascade'),
    index('month_log_lines_workspace_idx').on(t.workspaceId, t.monthLogId),
  ],
);

/**
 * What an admin changed in a closed month after its version was made (the "changed since version n" banner and its
 * list). Written in the same transaction as the change.
 */
export const monthChanges = pgTable(
  'month_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: cascadingWorkspaceId(),
    endOfMonth: date('end_of_month', { mode: 'string' }).notNull(),
    userInfoId: uuid('user_info_id'),
    date: date('date', { mode: 'string' }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('month_changes_month_idx').on(t.workspaceId, t.endOfMonth, t.createdAt)],
);

/** Payroll codes of the workspace (integration, company section; the worked and overtime items' codes). */
export const payrollSettings = pgTable('payroll_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  companyCode: text('company_code'),
  branchCode: text('branch_code'),
  workedCode: text('worked_code'),
  overtimeCode: text('overtime_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every payroll file made: its bytes, SHA-256, profile, version (and the base version of a changes-only file). */
export const payrollExports = pgTable(
  'payroll_exports',
  {
    id: id(),
    workspaceId: workspaceId(),
    monthLogId: uuid('month_log_id').notNull(),
    baseMonthLogId: uuid('base_month_log_id'),
    profile: text('profile').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    body: bytea('body').notNull(),
    rows: integer('rows').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    inWorkspace('payroll_exports_month_log_fk', [t.workspaceId, t.monthLogId], monthLogs).onDelete('cascade'),
    index('payroll_exports_month_log_idx').on(t.workspaceId, t.monthLogId, t.createdAt),
  ],
);
