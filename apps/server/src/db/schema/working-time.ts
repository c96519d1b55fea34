import type { MovableFeast } from '@timbro/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { cascadingWorkspaceId, userInfos } from './tenancy';

const slotColumns = () => ({
  startsAtMinutes: smallint('starts_at_minutes').notNull(),
  endsAtMinutes: smallint('ends_at_minutes').notNull(),
  pauseStartsAtMinutes: smallint('pause_starts_at_minutes'),
  pauseEndsAtMinutes: smallint('pause_ends_at_minutes'),
  description: text('description'),
  descriptionColorRgb: text('description_color_rgb'),
});

/** A named template of the workspace, daily or weekly (its name unique per workspace, case aside). */
const templateColumns = () => ({
  id: id(),
  workspaceId: cascadingWorkspaceId(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Absence-type groups: a disabled flag, and "summarizeable" (their types add up into one line in summaries). */
export const justificationGroups = pgTable(
  'justification_groups',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    name: text('name').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    summarizeable: boolean('summarizeable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('justification_groups_ws_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('justification_groups_ws_id_key').on(t.workspaceId, t.id),
  ],
);

/** Absence types (giustificativi): code, impact on worked hours, unit, payroll code. */
export const justifications = pgTable(
  'justifications',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    groupId: uuid('group_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    impact: text('impact', { enum: ['decrease', 'increase', 'nothing'] }).notNull(),
    unit: text('unit', { enum: ['hour', 'day'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    requiresCertificate: boolean('requires_certificate').notNull().default(false),
    payrollCode: text('payroll_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('justifications_ws_code_key').on(t.workspaceId, sql`upper(${t.code})`),
    uniqueIndex('justifications_ws_id_key').on(t.workspaceId, t.id),
    inWorkspace('justifications_group_fk', [t.workspaceId, t.groupId], justificationGroups),
  ],
);

/** An employee's contract: dated, never overlapping another of the same employee (checked under a row lock). */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    type: text('type', { enum: ['fixed', 'turn_based'] }).notNull(),
    workerType: text('worker_type', { enum: ['employee', 'collaborator'] }).notNull(),
    qualification: text('qualification'),
    ccnlLevel: text('ccnl_level'),
    description: text('description'),
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }),
    permanent: boolean('permanent').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contracts_ws_id_key').on(t.workspaceId, t.id),
    index('contracts_ws_user_idx').on(t.workspaceId, t.userInfoId, t.startsAt),
    index('contracts_ws_ends_idx').on(t.workspaceId, t.endsAt),
    inWorkspace('contracts_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    check('contracts_end_after_start', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const contractTimeSlots = pgTable(
  'contract_time_slots',
  {
    id: id(),
    workspaceId: workspaceId(),
    contractId: uuid('contract_id').notNull(),
    weekday: smallint('weekday').notNull(),
    ...slotColumns(),
  },
  (t) => [
    index('contract_time_slots_contract_idx').on(t.workspaceId, t.contractId),
    inWorkspace('contract_time_slots_contract_fk', [t.workspaceId, t.contractId], contracts).onDelete('cascade'),
  ],
);

/** Monthly increase of a justification's balance granted by a contract (unique per justification), 4 decimals (2.1667). */
export const contractAccruals = pgTable(
  'contract_accruals',
  {
    workspaceId: workspaceId(),
    contractId: uuid('contract_id').notNull(),
    justificationId: uuid('justification_id').notNull(),
    monthlyIncrease: numeric('monthly_increase', { precision: 10, scale: 4, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.justificationId] }),
    inWorkspace('contract_accruals_contract_fk', [t.workspaceId, t.contractId], contracts).onDelete('cascade'),
    inWorkspace('contract_accruals_justification_fk', [t.workspaceId, t.justificationId], justifications),
  ],
);

export const templateDays = pgTable('template_days', templateColumns(), (t) => [
  uniqueIndex('template_days_ws_id_key').on(t.workspaceId, t.id),
  uniqueIndex('template_days_ws_name_key').on(t.workspaceId, sql`lower(${t.name})`),
]);

export const templateDaySlots = pgTable(
  'template_day_slots',
  {
    id: id(),
    workspaceId: workspaceId(),
    templateDayId: uuid('template_day_id').notNull(),
    position: integer('position').notNull().default(0),
    ...slotColumns(),
  },
  (t) => [
    index('template_day_slots_day_idx').on(t.workspaceId, t.templateDayId),
    inWorkspace('template_day_slots_day_fk', [t.workspaceId, t.templateDayId], templateDays).onDelete('cascade'),
  ],
);

export const templateWeeks = pgTable('template_weeks', templateColumns(), (t) => [
  uniqueIndex('template_weeks_ws_id_key').on(t.workspaceId, t.id),
  uniqueIndex('template_weeks_ws_name_key').on(t.workspaceId, sql`lower(${t.name})`),
]);

/** A daily template per weekday of a weekly template; a missing weekday is a rest day. */
export const templateWeekDays = pgTable(
  'template_week_days',
  {
    workspaceId: workspaceId(),
    templateWeekId: uuid('template_week_id').notNull(),
    weekday: smallint('weekday').notNull(),
    templateDayId: uuid('template_day_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateWeekId, t.weekday] }),
    inWorkspace('template_week_days_week_fk', [t.workspaceId, t.templateWeekId], templateWeeks).onDelete('cascade'),
    inWorkspace('template_week_days_day_fk', [t.workspaceId, t.templateDayId], templateDays),
  ],
);

/**
 * Holidays: a recurring one has no year. `kind` tells the national ones, the patron saint and company closures apart.
 * A movable feast (`rule`: Easter, Easter Monday) has no day, month or year: it is computed for every year.
 * `from_year` is the first year a recurring holiday applies (San Francesco from 2026).
 */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    workspaceId: cascadingWorkspaceId(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    day: smallint('day'),
    month: smallint('month'),
    year: smallint('year'),
    kind: text('kind', { enum: ['national', 'patron', 'company'] })
      .notNull()
      .default('company'),
    rule: text('rule', { enum: ['easter', 'easter_monday'] as const satisfies readonly MovableFeast[] }),
    fromYear: smallint('from_year'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('holidays_ws_idx').on(t.workspaceId, t.month, t.day),
    uniqueIndex('holidays_ws_patron_key')
      .on(t.workspaceId)
      .where(sql`${t.kind} = 'patron'`),
    check(
      'holidays_date_or_rule',
      sql`(${t.rule} is null and ${t.day} is not null and ${t.month} is not null) or (${t.rule} is not null and ${t.day} is null and ${t.month} is null and ${t.year} is null)`,
    ),
  ],
);
