import { generateCodiceFiscale } from '@timbro/shared';
import { sql } from 'drizzle-orm';
import { auditLog, groups, mailOutbox, userInfos, users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import type { Session, TestContext } from './helpers';

/** Spreadsheets of made-up people and the upload calls, shared by user-import.test.ts and user-import.preview.test.ts. */

export const HEADER = [
  'Nome',
  'Cognome',
  'Email',
  'Codice fiscale',
  'Ruoli',
  'Email aziendale',
  'PEC',
  'Telefono',
  'Indirizzo',
  'IBAN',
  'Data di nascita',
  'Luogo di nascita',
  'Gruppi',
];
export const FIRST = [
  'Aldo',
  'Bianca',
  'Carla',
  'Dario',
  'Ezio',
  'Fabio',
  'Gino',
  'Ida',
  'Lea',
  'Mauro',
  'Nora',
  'Olga',
  'Pietro',
  'Rita',
  'Sergio',
  'Tina',
  'Ugo',
  'Vera',
  'Zeno',
  'Alba',
];
export const LAST = [
  'Abate',
  'Barone',
  'Caruso',
  'De Angelis',
  'Ferraro',
  'Galli',
  'Leone',
  'Longo',
  'Mancini',
  'Mazza',
  'Orlando',
  'Pace',
  'Pellegrini',
  'Riva',
  'Sala',
  'Santoro',
  'Testa',
  'Valentini',
  'Villa',
  'Zanetti',
];

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  fiscalCode: string;
  birthday: string;
  iban: string;
  phone: string;
}

/** Person n (distinct names, birth dates, fiscal codes and e-mails for n < 840). */
export function person(n: number): Person {
  const firstName = FIRST[n % 20]!;
  const lastName = LAST[Math.floor(n / 20) % 20]!;
  const birthday = `${1960 + (n % 40)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
  const sex = n % 2 === 0 ? 'M' : 'F';
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName.replace(/\s/g, '')}.${n}@example.it`.toLowerCase(),
    fiscalCode: generateCodiceFiscale({ lastName, firstName, birthDate: birthday, sex, belfiore: 'F205' }),
    birthday,
    iban: demoIban(500 + n),
    phone: `347 ${String(1000000 + n).slice(-7)}`,
  };
}

/** The spreadsheet cells of a person, in HEADER order. */
export function cells(p: Person, overrides: Partial<Record<(typeof HEADER)[number], string>> = {}): string[] {
  const [y, m, d] = p.birthday.split('-');
  const local = p.email.split('@')[0];
  const base: Record<string, string> = {
    Nome: p.firstName,
    Cognome: p.lastName,
    Email: p.email,
    'Codice fiscale': p.fiscalCode,
    Ruoli: 'dipendente',
    'Email aziendale': `${local}@demo.timbro.it`,
    PEC: `${local}@pec.it`,
    Telefono: p.phone,
    Indirizzo: 'Via Roma 1; scala B',
    IBAN: p.iban,
    'Data di nascita': `${d}/${m}/${y}`,
    'Luogo di nascita': 'Milano',
    Gruppi: 'Magazzino; Turno A',
    ...overrides,
  };
  return HEADER.map((h) => base[h]!);
}

const quote = (v: string) => (/[;",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** One CSV line, `;`-separated, quoted where needed. */
export const line = (r: string[]) => r.map(quote).join(';');
export function csv(rows: string[][], header: string[] = HEADER): string {
  return [header, ...rows].map(line).join('\r\n') + '\r\n';
}

export type UploadOptions = { session?: Session | null; field?: string; workspace?: string };

/**
 * The upload calls of a test file, bound to its context and admin session (read when called, since both are set in
 * the file's `beforeAll`).
 */
export function importCalls(current: () => { ctx: TestContext; admin: Session }) {
  function upload(path: string, content: string | Buffer, filename = 'dipendenti.csv', opts: UploadOptions = {}) {
    const { ctx, admin } = current();
    const form = new FormData();
    form.append(opts.field ?? 'file', new Blob([content]), filename);
    const session = opts.session === undefined ? admin : opts.session;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/user/${path}`,
      headers: {
        ...(session ? { cookie: session.cookie } : {}),
        'x-client': 'timbro-web',
        'x-workspace-id': opts.workspace ?? ctx.ws.demo,
      },
      payload: form,
    });
  }
  const preview = (content: string | Buffer, filename?: string, opts?: UploadOptions) =>
    upload('import/preview', content, filename, opts);
  const runImport = (content: string | Buffer, filename?: string, opts?: UploadOptions) =>
    upload('import', content, filename, opts);
  return { upload, preview, runImport };
}

/** Counts that an import must leave alone when it refuses a file. */
export async function snapshotOf(ctx: TestContext) {
  const count = async (
    table: typeof users | typeof userInfos | typeof groups | typeof mailOutbox | typeof auditLog,
  ) => {
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  };
  return {
    users: await count(users),
    userInfos: await count(userInfos),
    groups: await count(groups),
    mails: await count(mailOutbox),
    audit: await count(auditLog),
  };
}
