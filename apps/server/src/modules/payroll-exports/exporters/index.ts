import type { PayrollProfileId } from '@timbro/shared';
import { csvExporter } from './csv';
import { inazExporter } from './inaz';
import type { PayrollExporter } from './types';
import { zucchettiExporter } from './zucchetti';

export type { PayrollExporter, PayrollFileInput, PayrollMovement, RenderedFile } from './types';

/** The payroll profiles by id: each a pure renderer of the month's movements into one file. */
export const PAYROLL_EXPORTERS: Record<PayrollProfileId, PayrollExporter> = {
  zucchetti: zucchettiExporter,
  inaz: inazExporter,
  csv: csvExporter,
};

export const exporterOf = (id: PayrollProfileId): PayrollExporter => PAYROLL_EXPORTERS[id];
