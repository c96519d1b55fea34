import type { IsoDate, PayrollProfileId } from '@timbro/shared';

/** One movement of a payroll file: an employee's minutes of one item on one day, with the codes to write. */
export interface PayrollMovement {
  /** The employee's payroll code (digits, not padded: the profile pads it). */
  employeeCode: string;
  fiscalCode: string | null;
  lastName: string;
  firstName: string;
  date: IsoDate;
  /** The item's payroll code (upper-case letters and digits, not padded). */
  code: string;
  /** `worked`, `overtime`, or an absence type (justification). */
  kind: 'worked' | 'overtime' | 'justification';
  /**
   * Integer minutes. In a changes-only file, the minutes of the newer version (0 when the line went away): the payroll
   * replaces the day's item with it.
   */
  minutes: number;
}

/** What a profile renders: the month, the company's codes and the movements, already sorted. */
export interface PayrollFileInput {
  /** YYYY-MM */
  month: string;
  companyCode: string;
  branchCode: string | null;
  versionNumber: number;
  /** For a changes-only file: the version it is compared with. */
  baseVersionNumber: number | null;
  movements: PayrollMovement[];
}

export interface RenderedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Data rows written (movements, or grid rows for the CSV), for the history. */
  rows: number;
}

/** A payroll profile: a pure renderer (no I/O, no clock), so the same input always gives the same bytes. */
export interface PayrollExporter {
  id: PayrollProfileId;
  /** The longest code each field takes in this profile (preflight refuses longer ones). */
  limits: { company: number; branch: number; employee: number; item: number };
  render(input: PayrollFileInput): RenderedFile;
}
