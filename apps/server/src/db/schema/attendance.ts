import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { userInfos } from './tenancy';
import { justifications } from './working-time';

/**
 * A clock-in or clock-out: a UTC instant plus the workspace's IANA time zone at the time of the punch, and the local
 * date it belongs to (for range queries; the engine still pairs across midnight). Corrections are updates or deletes
 * with a required reason, always recorded in the audit log.
 */
export const punches = pgTable(
  'punches',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    source: text('source', { enum: ['web', 'app', 'admin', 'import'] }).notNull(),
    recordedBy: uuid('recorded_by'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('punches_ws_id_key').on(t.workspaceId, t.id),
    index('punches_ws_user_date_idx').on(t.workspaceId, t.userInfoId, t.localDate),
    index('punches_ws_date_idx').on(t.workspaceId, t.localDate),
    inWorkspace('punches_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
  ],
);

/**
 * An absence request (richiesta di giustificativo) for one person and one day. A multi-day or multi-person request
 * becomes one row per person and day, linked by `batchId`. `amount` is in the justification's unit (hours or days).
 */
export const justificationRequests = pgTable(
  'justification_requests',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    justificationId: uuid('justification_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category', { enum: ['regular', 'amount'] }).notNull(),
    wholeDay: boolean('whole_day').notNull().default(false),
    startsAtMinutes: smallint('starts_at_minutes'),
    endsAtMinutes: smallint('ends_at_minutes'),
    amount: numeric('amount', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    certificateCode: text('certificate_code'),
    note: text('note'),
    status: text('status', { enum: ['open', 'approved', 'rejected'] }).notNull(),
    batchId: uuid('batch_id'),
    createdBy: uuid('created_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('justification_requests_ws_id_key').on(t.workspaceId, t.id),
    index('justification_requests_ws_user_date_idx').on(t.workspaceId, t.userInfoId, t.date),
    index('justification_requests_ws_status_idx').on(t.workspaceId, t.status, t.date),
    index('justification_requests_ws_date_idx').on(t.workspaceId, t.date),
    inWorkspace('justification_requests_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    inWorkspace('justification_requests_justification_fk', [t.workspaceId, t.justificationId], justifications),
    check(
      'justification_requests_range',
      sql`${t.startsAtMinutes} is null or ${t.endsAtMinutes} is null or ${t.endsAtMinutes} > ${t.startsAtMinutes}`,
    ),
  ],
);
