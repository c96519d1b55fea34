import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, workspaceId } from './columns';
import { userInfos } from './tenancy';
import { justifications } from './working-time';

/**
 * The accrual ledger: dated signed entries per employee and justification. Monthly accruals carry the contract and
 * the month, unique together, so the job can run twice or late without duplicating anything.
 */
export const accrualEntries = pgTable(
  'accrual_entries',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    justificationId: uuid('justification_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['accrual', 'adjustment', 'usage', 'carry_over'] }).notNull(),
    contractId: uuid('contract_id'),
    /** For `usage` entries: the approved absence request that consumed the balance (one entry per request). */
    requestId: uuid('request_id'),
    period: text('period'),
    rule: text('rule'),
    reason: text('reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accrual_entries_balance_idx').on(t.workspaceId, t.userInfoId, t.justificationId, t.entryDate),
    uniqueIndex('accrual_entries_monthly_key')
      .on(t.workspaceId, t.contractId, t.justificationId, t.period)
      .where(sql`${t.kind} = 'accrual'`),
    uniqueIndex('accrual_entries_usage_key')
      .on(t.workspaceId, t.requestId)
      .where(sql`${t.kind} = 'usage'`),
    inWorkspace('accrual_entries_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    inWorkspace('accrual_entries_justification_fk', [t.workspaceId, t.justificationId], justifications),
  ],
);
