import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, workspaceId } from './columns';
import { byUser } from './platform';
import { files } from './tenancy';

/**
 * Stored bytes to remove once nothing can need them (the outbox of the file storage, swept by the `file-sweep` job).
 * A delete writes its row in the transaction that removes the file record, so a rolled-back delete loses nothing and
 * a committed one leaves no orphan. An upload writes one *before* it streams (a reservation, due in an hour) and the
 * transaction that records the file removes it: a process that dies mid-upload leaves a row that cleans up after it.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storageKey: text('storage_key').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('file_deletions_due_idx').on(t.notBefore)],
);

/** Every open (download) of a pay slip's or document's file: who, when. The first by the employee is also on the record. */
export const fileOpens = pgTable(
  'file_opens',
  {
    id: id(),
    workspaceId: workspaceId(),
    fileId: uuid('file_id').notNull(),
    userId: byUser('user_id'),
    /** The employee record of the person who opened it in this workspace, when they have one. */
    userInfoId: uuid('user_info_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    inWorkspace('file_opens_file_fk', [t.workspaceId, t.fileId], files).onDelete('cascade'),
    index('file_opens_ws_file_idx').on(t.workspaceId, t.fileId, t.openedAt),
  ],
);
