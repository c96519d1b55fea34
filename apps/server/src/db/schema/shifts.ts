import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
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
import type { ShiftRef, ShiftWarning } from '@timbro/shared';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { byUser } from './platform';
import { userInfos, workspaceFk } from './tenancy';

/**
 * A work shift (spec §3, ADR 0022): the local day it starts, wall-clock start and end in minutes (end ≤ start means
 * the next day), the pause, and the instants they make in the workspace's zone (stored, so overlap, plan-vs-actual
 * and the iCal feed read them without a zone library). Draft until `published_at`. `version` grows on every change:
 * a swap remembers the versions it was asked on. `warnings` are the rest-rule results of the last check, kept with
 * the admin's `override_note` when one was given.
 */
export const workShifts = pgTable(
  'work_shifts',
  {
    id: id(),
    workspaceId: workspaceId(),
    date: date('date', { mode: 'string' }).notNull(),
    startMinutes: integer('start_minutes').notNull(),
    endMinutes: integer('end_minutes').notNull(),
    pauseMinutes: integer('pause_minutes').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    workMinutes: integer('work_minutes').notNull(),
    label: text('label'),
    color: text('color'),
    templateId: uuid('template_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: byUser('published_by'),
    swapped: boolean('swapped').notNull().default(false),
    version: integer('version').notNull().default(1),
    warnings: jsonb('warnings').$type<ShiftWarning[]>().notNull().default([]),
    overrideNote: text('override_note'),
    overrideBy: byUser('override_by'),
    createdBy: byUser('created_by'),
    updatedBy: byUser('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('work_shifts_ws_id_key').on(t.workspaceId, t.id),
    index('work_shifts_ws_date_idx').on(t.workspaceId, t.date),
    check('work_shifts_times_check', sql`${t.startMinutes} between 0 and 1439 and ${t.endMinutes} between 0 and 1440`),
    check('work_shifts_span_check', sql`${t.endsAt} > ${t.startsAt}`),
    workspaceFk('work_shifts_workspace_fk', t.workspaceId).onDelete('cascade'),
  ],
);

/** Who works a shift (spec: "userInfos"): one row per person. */
export const workShiftAssignees = pgTable(
  'work_shift_assignees',
  {
    workspaceId: workspaceId(),
    shiftId: uuid('shift_id').notNull(),
    userInfoId: uuid('user_info_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shiftId, t.userInfoId] }),
    index('work_shift_assignees_ws_user_idx').on(t.workspaceId, t.userInfoId),
    inWorkspace('work_shift_assignees_shift_fk', [t.workspaceId, t.shiftId], workShifts).onDelete('cascade'),
    inWorkspace('work_shift_assignees_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
  ],
);

const SWAP_STATUS = ['waiting_colleague', 'waiting_admin', 'approved', 'rejected', 'auto_rejected'] as const;

/**
 * A swap (spec §3 "Shift swap", §4): the requester's shift (source), a colleague's (target), the colleague's reply
 * (`target_status`) and the admin's decision (`status`). The shifts' versions at request time: approval exchanges
 * only what was asked. The snapshots keep what the swap was about when a shift is later deleted.
 */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: id(),
    workspaceId: workspaceId(),
    sourceShiftId: uuid('source_shift_id'),
    targetShiftId: uuid('target_shift_id'),
    requesterId: uuid('requester_id').notNull(),
    targetUserInfoId: uuid('target_user_info_id').notNull(),
    sourceVersion: integer('source_version').notNull(),
    targetVersion: integer('target_version').notNull(),
    sourceSnapshot: jsonb('source_snapshot').$type<ShiftRef>().notNull(),
    targetSnapshot: jsonb('target_snapshot').$type<ShiftRef>().notNull(),
    note: text('note'),
    status: text('status', { enum: SWAP_STATUS }).notNull().default('waiting_colleague'),
    targetStatus: text('target_status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    answerNote: text('answer_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: byUser('decided_by'),
    autoReason: text('auto_reason', { enum: ['shift_changed', 'shift_deleted', 'assignment_changed'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shift_swaps_ws_id_key').on(t.workspaceId, t.id),
    index('shift_swaps_ws_status_idx').on(t.workspaceId, t.status, t.createdAt),
    index('shift_swaps_source_idx').on(t.sourceShiftId),
    index('shift_swaps_target_idx').on(t.targetShiftId),
    index('shift_swaps_ws_requester_idx').on(t.workspaceId, t.requesterId),
    index('shift_swaps_ws_target_user_idx').on(t.workspaceId, t.targetUserInfoId),
    // One open request per shift and requester: asking twice is refused.
    uniqueIndex('shift_swaps_one_open_key')
      .on(t.sourceShiftId, t.requesterId)
      .where(sql`${t.status} in ('waiting_colleague', 'waiting_admin')`),
    workspaceFk('shift_swaps_workspace_fk', t.workspaceId).onDelete('cascade'),
    foreignKey({
      columns: [t.sourceShiftId],
      foreignColumns: [workShifts.id],
      name: 'shift_swaps_source_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.targetShiftId],
      foreignColumns: [workShifts.id],
      name: 'shift_swaps_target_fk',
    }).onDelete('set null'),
    inWorkspace('shift_swaps_requester_fk', [t.workspaceId, t.requesterId], userInfos).onDelete('cascade'),
    inWorkspace('shift_swaps_target_user_fk', [t.workspaceId, t.targetUserInfoId], userInfos).onDelete('cascade'),
  ],
);

/**
 * A personal calendar feed (iCal) behind a secret link: only the SHA-256 of the token is kept, so the link is shown
 * once; revoking deletes the row, and so do disabling the person's membership and disabling the company (ADR 0022).
 * A link works until `expires_at` (12 months; a new link starts again); `last_read_at` is when a calendar app last
 * fetched it (to the minute); absences show their type only when the person chose `show_absence_type`.
 */
export const shiftCalendarFeeds = pgTable(
  'shift_calendar_feeds',
  {
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    showAbsenceType: boolean('show_absence_type').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userInfoId] }),
    uniqueIndex('shift_calendar_feeds_token_key').on(t.tokenHash),
    inWorkspace('shift_calendar_feeds_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
  ],
);
