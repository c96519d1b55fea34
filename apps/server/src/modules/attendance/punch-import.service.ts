import {
  apiMsg,
  ErrorCode,
  MAX_PUNCH_IMPORT_ROWS,
  PUNCH_IMPORT_PREVIEW_ROWS,
  inputMsg,
  isDateInRange,
  localToUtc,
  normalizeCodiceFiscale,
  toLocal,
  type PunchImportPreview,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { notePunchDays } from './punches.service';
import { recheckDayCredits } from './requests.checks';
import { AppError, fileError } from '../../lib/errors';
import { foldText, locateColumns, readImportTable, type Table } from '../../lib/spreadsheet';
import type { RequestCtx } from '../../plugins/request-context';
import * as repo from './punches.repository';

/**
 * Badge-reader exports: one punch per row. The person by fiscal code or e-mail (work or account); the moment as
 * "Data" + "Ora" or one "Data e ora" column, in the workspace's local time; the direction as E/U, entrata/uscita,
 * in/out or 1/0. Italian headers, English aliases.
 */
export const PUNCH_COLUMNS = [
  { key: 'fiscalCode', header: 'Codice fiscale', aliases: ['cf', 'codicefiscale', 'fiscal code'] },
  { key: 'email', header: 'Email', aliases: ['e-mail', 'mail', 'email aziendale', 'work email'] },
  { key: 'date', header: 'Data', aliases: ['giorno', 'date', 'day'] },
  { key: 'time', header: 'Ora', aliases: ['orario', 'time', 'hour'] },
  { key: 'dateTime', header: 'Data e ora', aliases: ['data ora', 'dataora', 'timestamp', 'date time', 'datetime'] },
  { key: 'direction', header: 'Verso', aliases: ['direzione', 'tipo', 'entrata/uscita', 'e/u', 'direction', 'type'] },
] as const;
type Key = (typeof PUNCH_COLUMNS)[number]['key'];

const DIRECTIONS: Record<string, 'in' | 'out'> = {
  e: 'in',
  entrata: 'in',
  in: 'in',
  ingresso: 'in',
  i: 'in',
  '1': 'in',
  u: 'out',
  uscita: 'out',
  out: 'out',
  o: 'out',
  '0': 'out',
};

function mapColumns(table: Table): Map<Key, number> {
  const map = locateColumns(table, PUNCH_COLUMNS);
  if (!map.has('fiscalCode') && !map.has('email')) throw fileError(apiMsg.import.punchEmployeeColumnMissing);
  if (!map.has('dateTime') && !(map.has('date') && map.has('time')))
    throw fileError(apiMsg.import.punchDateColumnsMissing);
  if (!map.has('direction')) throw fileError(apiMsg.import.punchDirectionColumnMissing);
  return map;
}

/** "dd/mm/yyyy" or "yyyy-mm-dd" + "HH:mm[:ss]" → { date, minutes } or null. */
export function parseLocalMoment(dateText: string, timeText: string): { date: string; minutes: number } | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText) ?? /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(dateText);
  if (!d) return null;
  const [y, m, day] =
    d[1]!.length === 4 ? [d[1]!, d[2]!, d[3]!] : [d[3]!, d[2]!.padStart(2, '0'), d[1]!.padStart(2, '0')];
  const date = `${y}-${m}-${day}`;
  const probe = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== date) return null;
  const t = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/.exec(timeText);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || (t[3] !== undefined && Number(t[3]) > 59)) return null;
  return { date, minutes: Number(t[1]) * 60 + Number(t[2]) };
}

interface Planned {
  line: number;
  values: Record<string, string>;
  errors: { field: string; message: string }[];
  action: 'create' | 'duplicate' | 'skip';
  punch: { userInfoId: string; at: Date; localDate: string; direction: 'in' | 'out' } | null;
}

/** Reads and checks every row against the people of the workspace and the punches already stored: nothing is written. */
export async function planPunchImport(q: Queryable, scope: WorkspaceScope, timeZone: string, buf: Buffer) {
  // Bounded while read: a file over the row limit is refused whole (400), a workbook that inflates too much is a 413.
  const table = await readImportTable(buf, { maxRows: MAX_PUNCH_IMPORT_ROWS });
  if (table.rows.length > MAX_PUNCH_IMPORT_ROWS)
    throw fileError(apiMsg.import.tooManyRows(MAX_PUNCH_IMPORT_ROWS.toLocaleString('it-IT')));
  const columns = mapColumns(table);

  // The workspace's people by fiscal code and e-mails: one query.
  const people = await repo.importablePeople(q, scope);
  const byCf = new Map(people.filter((p) => p.fiscalCode).map((p) => [p.fiscalCode!.toUpperCase(), p.id]));
  const byEmail = new Map<string, string>();
  for (const p of people) {
    byEmail.set(p.email.toLowerCase(), p.id);
    if (p.workEmail) byEmail.set(p.workEmail.toLowerCase(), p.id);
  }

  const now = Date.now();
  const rows: Planned[] = table.rows.map((r) => {
    const values: Record<string, string> = {};
    for (const [key, idx] of columns) values[key] = (r.cells[idx] ?? '').trim();
    const errors: Planned['errors'] = [];
    let userInfoId: string | undefined;
    if (values.fiscalCode) {
      userInfoId = byCf.get(normalizeCodiceFiscale(values.fiscalCode));
      if (!userInfoId)
        errors.push({
          field: 'fiscalCode',
          message: apiMsg.import.noEmployeeWithFiscalCode(values.fiscalCode.toUpperCase()),
        });
    } else if (values.email) {
      userInfoId = byEmail.get(values.email.toLowerCase());
      if (!userInfoId) errors.push({ field: 'email', message: apiMsg.import.noEmployeeWithEmail(values.email) });
    } else
      errors.push({
        field: columns.has('fiscalCode') ? 'fiscalCode' : 'email',
        message: apiMsg.import.employeeMissing,
      });

    const [dateText, timeText] = values.dateTime
      ? (values.dateTime.split(/[ T]+/) as [string, string | undefined])
      : [values.date ?? '', values.time ?? ''];
    const moment = parseLocalMoment(dateText ?? '', timeText ?? '');
    let at: Date | null = null;
    if (!moment)
      errors.push({
        field: values.dateTime !== undefined ? 'dateTime' : 'date',
        message: apiMsg.import.punchMomentInvalid,
      });
    else if (!isDateInRange(moment.date))
      errors.push({ field: values.dateTime !== undefined ? 'dateTime' : 'date', message: inputMsg.dateOutOfRange });
    else {
      at = new Date(localToUtc(moment.date, moment.minutes, timeZone));
      if (at.getTime() > now + 60_000) errors.push({ field: 'date', message: apiMsg.import.punchInFuture });
    }
    const direction = DIRECTIONS[foldText(values.direction ?? '')];
    if (!direction) errors.push({ field: 'direction', message: apiMsg.import.punchDirectionInvalid });
    const punch =
      errors.length === 0 && userInfoId && at && direction
        ? { userInfoId, at, localDate: toLocal(at.toISOString(), timeZone).date, direction }
        : null;
    return { line: r.line, values, errors, action: errors.length ? 'skip' : 'create', punch };
  });

  // The same punch twice in the file is an error; one already stored is a duplicate left alone (re-importing is safe).
  const key = (p: NonNullable<Planned['punch']>) => `${p.userInfoId}|${p.at.getTime()}|${p.direction}`;
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.punch) continue;
    const k = key(row.punch);
    const first = firstLine.get(k);
    if (first !== undefined) {
      row.errors.push({ field: 'row', message: apiMsg.import.repeatedPunch(first) });
      row.action = 'skip';
    } else firstLine.set(k, row.line);
  }
  const valid = rows.filter((r) => r.punch && r.action === 'create');
  let from: string | null = null;
  let to: string | null = null;
  if (valid.length > 0) {
    const dates = valid.map((r) => r.punch!.localDate).sort();
    from = dates[0]!;
    to = dates.at(-1)!;
    const existing = await repo.storedPunchKeys(
      q,
      scope,
      [...new Set(valid.map((r) => r.punch!.userInfoId))],
      from,
      to,
    );
    const stored = new Set(existing.map((p) => `${p.userInfoId}|${p.at.getTime()}|${p.direction}`));
    for (const r of valid) if (stored.has(key(r.punch!))) r.action = 'duplicate';
  }
  return { rows, columns: [...columns.keys()] as string[], from, to };
}

export async function previewPunchImport(deps: AppDeps, ctx: RequestCtx, buf: Buffer): Promise<PunchImportPreview> {
  const { rows, columns, from, to } = await planPunchImport(deps.db, ctx.scope, ctx.timeZone, buf);
  const invalid = rows.filter((r) => r.errors.length > 0);
  const ok = rows.filter((r) => r.errors.length === 0);
  return {
    rows: [...invalid, ...ok]
      .slice(0, PUNCH_IMPORT_PREVIEW_ROWS)
      .map((r) => ({ line: r.line, values: r.values, errors: r.errors, action: r.action })),
    total: rows.length,
    valid: ok.length,
    invalid: invalid.length,
    duplicates: rows.filter((r) => r.action === 'duplicate').length,
    people: new Set(ok.map((r) => r.punch!.userInfoId)).size,
    from,
    to,
    columns,
  };
}

/** All or nothing: any row with an error refuses the file; otherwise the new punches are written in one transaction. */
export async function runPunchImport(deps: AppDeps, ctx: RequestCtx, buf: Buffer) {
  const { scope, timeZone, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const { rows, from, to } = await planPunchImport(tx, scope, timeZone, buf);
    const bad = rows.filter((r) => r.errors.length > 0);
    if (bad.length > 0) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, apiMsg.import.punchesRefused(bad.length), {
        errors: bad
          .slice(0, 200)
          .flatMap((r) =>
            r.errors.map((e) => ({ path: `rows.${r.line}.${e.field}`, message: apiMsg.import.row(r.line, e.message) })),
          ),
      });
    }
    const fresh = rows.filter((r) => r.action === 'create').map((r) => r.punch!);
    for (let k = 0; k < fresh.length; k += 1000) {
      await repo.insertPunches(
        tx,
        scope,
        fresh.slice(k, k + 1000).map((p) => ({ ...p, timeZone, source: 'import' as const, recordedBy: actor.userId })),
      );
    }
    const duplicates = rows.length - fresh.length;
    await audit(tx, ctx, {
      action: 'punch.import',
      entity: { type: 'punch', id: 'import' },
      changes: { created: fresh.length, duplicates, from, to },
    });
    const days = new Map(fresh.map((p) => [`${p.userInfoId}|${p.localDate}`, p]));
    const changed = [...days.values()].map((p) => ({ userInfoId: p.userInfoId, date: p.localDate }));
    await recheckDayCredits(tx, ctx, changed);
    await notePunchDays(deps, tx, ctx, changed, 'import', 'punch.import');
    return { created: fresh.length, duplicates };
  });
}
