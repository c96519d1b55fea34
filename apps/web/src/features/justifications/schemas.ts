import type { Justification, JustificationGroup } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { JustificationGroupPayload, JustificationPayload } from './api/save-justification';

export const IMPACTS = ['nothing', 'decrease', 'increase'] as const satisfies readonly Justification['impact'][];
export const UNITS = ['hour', 'day'] as const satisfies readonly Justification['unit'][];
export const JUSTIFICATION_NAME_MAX = 100;

/** The absence-type form, mirroring the server: code (≤ 10: letters, digits, dot, dash), name, impact, unit, payroll code (≤ 4 alphanumeric). */
export const justificationFormSchema = (t: TFunction) =>
  z.object({
    code: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('justifications.validation.codeRequired'), abort: true }),
      z.refine((v) => /^[A-Za-z0-9.-]{1,10}$/.test(v), { error: t('justifications.validation.codeInvalid') }),
    ),
    name: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('justifications.validation.nameRequired'), abort: true }),
      z.maxLength(JUSTIFICATION_NAME_MAX, {
        error: t('justifications.validation.tooLong', { max: JUSTIFICATION_NAME_MAX }),
      }),
    ),
    impact: z.enum(IMPACTS, { error: t('justifications.validation.impactRequired') }),
    unit: z.enum(UNITS, { error: t('justifications.validation.unitRequired') }),
    enabled: z.boolean(),
    groupId: z.string(),
    requiresCertificate: z.boolean(),
    payrollCode: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || /^[A-Za-z0-9]{1,4}$/.test(v), {
        error: t('justifications.validation.payrollCodeInvalid'),
      }),
    ),
  });
export type JustificationFormValues = z.infer<ReturnType<typeof justificationFormSchema>>;

export const justificationToForm = (j: Justification | null): JustificationFormValues => ({
  code: j?.code ?? '',
  name: j?.name ?? '',
  impact: j?.impact ?? 'nothing',
  unit: j?.unit ?? 'day',
  enabled: j?.enabled ?? true,
  groupId: j?.groupId ?? '',
  requiresCertificate: j?.requiresCertificate ?? false,
  payrollCode: j?.payrollCode ?? '',
});

export const justificationPayload = (v: JustificationFormValues): JustificationPayload => ({
  code: v.code.trim().toUpperCase(),
  name: v.name.trim(),
  impact: v.impact,
  unit: v.unit,
  enabled: v.enabled,
  groupId: v.groupId || null,
  requiresCertificate: v.requiresCertificate,
  payrollCode: v.payrollCode.trim() === '' ? null : v.payrollCode.trim().toUpperCase(),
});

export const groupFormSchema = (t: TFunction) =>
  z.object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('justifications.validation.nameRequired'), abort: true }),
      z.maxLength(JUSTIFICATION_NAME_MAX, {
        error: t('justifications.validation.tooLong', { max: JUSTIFICATION_NAME_MAX }),
      }),
    ),
    disabled: z.boolean(),
    summarizeable: z.boolean(),
  });
export type GroupFormValues = z.infer<ReturnType<typeof groupFormSchema>>;

export const groupToForm = (g: JustificationGroup | null): GroupFormValues => ({
  name: g?.name ?? '',
  disabled: g?.disabled ?? false,
  summarizeable: g?.summarizeable ?? false,
});
export const groupPayload = (v: GroupFormValues): JustificationGroupPayload => ({
  name: v.name.trim(),
  disabled: v.disabled,
  summarizeable: v.summarizeable,
});
