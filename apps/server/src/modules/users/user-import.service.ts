import {
  apiMsg,
  CreateUserInputSchema,
  ErrorCode,
  peopleMsg,
  type CreateUserInput,
  type ImportPreview,
  type ListUsersQuery,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, fileError } from '../../lib/errors';
import { foldText, locateColumns, readImportTable, writeXlsx, type Table } from '../../lib/spreadsheet';
import { findOrCreateGroup } from '../groups';
import { findWorkspace } from '../workspaces';
import * as repo from './users.repository';
import type { RequestCtx } from '../../plugins/request-context';
import { enroll } from './users.service';

export const MAX_IMPORT_ROWS = 2000;

/** Import/export columns (Italian headers; English aliases accepted). The export writes exactly these headers. */
export const COLUMNS = [
  { key: 'firstName', header: 'Nome', aliases: ['first name', 'firstname', 'name'] },
  { key: 'lastName', header: 'Cognome', aliases: ['last name', 'lastname', 'surname'] },
  { key: 'email', header: 'Email', aliases: ['e-mail', 'mail'] },
  { key: 'fiscalCode', header: 'Codice fiscale', aliases: ['cf', 'fiscal code', 'codicefiscale'] },
  { key: 'roles', header: 'Ruoli', aliases: ['ruolo', 'roles', 'role'] },
  { key: 'workEmail', header: 'Email aziendale', aliases: ['work email', 'email lavoro'] },
  { key: 'pec', header: 'PEC', aliases: ['email personale', 'personal email'] },
  { key: 'phoneNumber', header: 'Telefono', aliases: ['cellulare', 'phone', 'phone number'] },
  { key: 'homeAddress', header: 'Indirizzo', aliases: ['indirizzo di residenza', 'address', 'home address'] },
  { key: 'iban', header: 'IBAN', aliases: [] },
  { key: 'birthday', header: 'Data di nascita', aliases: ['nascita', 'birthday', 'birth date', 'date of birth'] },
  { key: 'birthplace', header: 'Luogo di nascita', aliases: ['birthplace', 'place of birth'] },
  { key: 'groups', header: 'Gruppi', aliases: ['gruppo', 'groups', 'group'] },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const ROLE_WORDS: Record<string, 'admin' | 'accountant' | 'member'> = {
  amministratore: 'admin',
  admin: 'admin',
  consulente: 'accountant',
  accountant: 'accountant',
  dipendente: 'member',
  member: 'member',
  employee: 'member',
};
const ROLE_LABELS: Record<string, string> = { admin: 'amministratore', accountant: 'consulente', member: 'dipendente' };

function mapColumns(table: Table): Map<ColumnKey, number> {
  const map = locateColumns(table, COLUMNS);
  for (const required of ['firstName', 'lastName', 'email', 'fiscalCode'] as const) {
    if (!map.has(required)) {
      const header = COLUMNS.find((c) => c.key === required)!.header;
      throw fileError(apiMsg.import.missingColumn(header));
    }
  }
  return map;
}

/** dd/mm/yyyy (Italian spreadsheets) or yyyy-mm-dd → yyyy-mm-dd; anything else is left for the schema to refuse. */
function normalizeDate(v: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v;
}

interface PlannedRow {
  line: number;
  values: Record<string, string>;
  errors: { field: string; message: string }[];
  action: 'create' | 'skip';
  input: CreateUserInput | null;
  groupNames: string[];
}

/** Reads and checks every row against the rules, the file itself (duplicates) and the database: nothing is written. */
export async function planImport(
  q: Queryable,
  scope: WorkspaceScope,
  buf: Buffer,
): Promise<{ rows: PlannedRow[]; columns: string[] }> {
  const table = await readImportTable(buf);
  if (table.rows.length > MAX_IMPORT_ROWS) throw fileError(apiMsg.import.tooManyRows(MAX_IMPORT_ROWS));
  const columns = mapColumns(table);
  const planned: PlannedRow[] = table.rows.map((r) => {
    const values: Record<string, string> = {};
    for (const [key, idx] of columns) values[key] = r.cells[idx] ?? '';
    const errors: { field: string; message: string }[] = [];
    const roleWords = (values.roles ?? '')
      .split(/[,;|/]/)
      .map(foldText)
      .filter(Boolean);
    const roles = roleWords.length === 0 ? ['member'] : roleWords.map((w) => ROLE_WORDS[w] ?? w);
    const badRole = roleWords.find((w) => !ROLE_WORDS[w]);
    if (badRole) errors.push({ field: 'roles', message: apiMsg.import.unknownRole(badRole) });
    const groupNames = (values.groups ?? '')
      .split(/[;|]/)
      .map((g) => g.trim())
      .filter(Boolean);
    const parsed = CreateUserInputSchema.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      fiscalCode: values.fiscalCode,
      roles: badRole ? ['member'] : roles,
      workEmail: values.workEmail || null,
      pec: values.pec || null,
      phoneNumber: values.phoneNumber || null,
      homeAddress: values.homeAddress || null,
      iban: values.iban || null,
      birthday: values.birthday ? normalizeDate(values.birthday) : null,
      birthplace: values.birthplace || null,
      groups: [],
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push({ field, message: issue.message });
      }
    }
    return { line: r.line, values, errors, action: 'create', input: parsed.success ? parsed.data : null, groupNames };
  });

  // Duplicates inside the file.
  for (const key of ['email', 'fiscalCode'] as const) {
    const firstLine = new Map<string, number>();
    for (const row of planned) {
      const v = (row.input?.[key] ?? row.values[key] ?? '').toUpperCase();
      if (!v) continue;
      const first = firstLine.get(v);
      if (first !== undefined) row.errors.push({ field: key, message: apiMsg.import.duplicateOfRow(first) });
      else firstLine.set(v, row.line);
    }
  }

  // Conflicts with the workspace's own records only: platform accounts are never looked at here, so the preview says
  // nothing about who has an account elsewhere. Existing accounts get an invitation at import time (ADR 0015).
  // Two queries for the whole file, whatever its size.
  const inputs = planned.flatMap((r) => (r.input ? [r.input] : []));
  const taken = await repo.takenInWorkspace(
    q,
    scope,
    inputs.map((i) => i.fiscalCode),
    inputs.map((i) => i.email),
  );
  for (const row of planned) {
    if (!row.input) continue;
    if (taken.fiscalCodes.has(row.input.fiscalCode))
      row.errors.push({ field: 'fiscalCode', message: peopleMsg.fiscalCodeInWorkspace });
    else if (taken.emails.has(row.input.email.toLowerCase()))
      row.errors.push({ field: 'email', message: peopleMsg.emailInWorkspace });
  }
  for (const row of planned) if (row.errors.length > 0) row.action = 'skip';
  return { rows: planned, columns: [...columns.keys()] };
}

export async function previewImport(deps: AppDeps, { scope }: RequestCtx, buf: Buffer): Promise<ImportPreview> {
  const { rows, columns } = await planImport(deps.db, scope, buf);
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return {
    rows: rows.map((r) => ({ line: r.line, values: r.values, errors: r.errors, action: r.action })),
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    columns,
  };
}

/** All or nothing: any row with an error refuses the whole file; otherwise every row is written in one transaction. */
export async function runImport(deps: AppDeps, ctx: RequestCtx, buf: Buffer) {
  const { scope, log } = ctx;
  const result = await deps.db.transaction(async (tx) => {
    const { rows } = await planImport(tx, scope, buf);
    const errors = rows.flatMap((r) =>
      r.errors.map((e) => ({ path: `rows.${r.line}.${e.field}`, message: apiMsg.import.row(r.line, e.message) })),
    );
    const badRows = rows.filter((r) => r.errors.length).length;
    if (errors.length > 0) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, apiMsg.import.usersRefused(badRows), { errors });
    }
    const workspace = await findWorkspace(tx, scope);
    const groupIds = new Map<string, string>();
    let created = 0;
    for (const row of rows) {
      const input = row.input!;
      const ids: string[] = [];
      for (const name of row.groupNames) {
        const key = name.toLowerCase();
        let gid = groupIds.get(key);
        if (!gid) {
          gid = await findOrCreateGroup(tx, scope, name);
          groupIds.set(key, gid);
        }
        ids.push(gid);
      }
      await enroll(deps, tx, scope, workspace?.name ?? 'Timbro', input, [...new Set(ids)], log);
      created++;
    }
    await audit(tx, ctx, {
      action: 'user.import',
      entity: { type: 'user', id: 'import' },
      changes: { created, rows: rows.length },
    });
    return { created };
  });
  await deps.triggerJob('mail-dispatch');
  return result;
}

/** XLSX of the (filtered) employee list, with the import columns: an export can be edited and imported elsewhere. */
export async function exportUsers(
  deps: AppDeps,
  { scope }: RequestCtx,
  query: Partial<ListUsersQuery>,
): Promise<Buffer> {
  const rows = await repo.listAllUsers(deps.db, scope, query);
  const headers = [...COLUMNS.map((c) => c.header), 'Attivo', 'Ultimo accesso web'];
  const data = rows.map(({ info, account, groups }) => [
    info.firstName,
    info.lastName,
    account.email,
    info.fiscalCode,
    [info.isAdmin && 'admin', info.isAccountant && 'accountant', info.isMember && 'member']
      .filter(Boolean)
      .map((r) => ROLE_LABELS[r as string])
      .join(', '),
    info.workEmail,
    info.pec,
    info.phoneNumber,
    info.homeAddress,
    info.iban,
    info.birthday,
    info.birthplace,
    groups.map((g) => g.name).join('; '),
    info.enabled ? 'sì' : 'no',
    info.invitationStatus === 'accepted' && account.lastLoginWebAt
      ? account.lastLoginWebAt.toISOString().replace('T', ' ').slice(0, 19)
      : null,
  ]);
  return writeXlsx('Dipendenti', headers, data);
}
