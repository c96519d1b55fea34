import { randomUUID } from 'node:crypto';
import { generateCodiceFiscale, localToUtc } from '@timbro/shared';
import { and, eq } from 'drizzle-orm';
import {
  contracts,
  contractTimeSlots,
  justificationGroups,
  justificationRequests,
  justifications,
  oneTimeTokens,
  punches,
  shiftSwaps,
  userInfos,
  users,
} from '../src/db/schema';
import { insertInScope, workspaceScope } from '../src/db/scope';
import { notify } from '../src/modules/notifications/notify';
import { hashPassword } from '../src/lib/passwords';
import { randomToken, sha256 } from '../src/lib/tokens';
import { expect } from 'vitest';
import type { Contract } from '@timbro/shared';
import { membershipIdOf, type RequestOptions, type TestContext } from './helpers';

/**
 * Test factories: records persisted through the workspace scope (insertInScope), so a test builds exactly the people
 * and data it needs instead of leaning on the demo employees. Every call makes fresh, valid, unique values; the
 * overrides set what the test is about.
 */

let seq = 0;
const next = () => ++seq;
const FIRST = ['Aldo', 'Bice', 'Ciro', 'Dora', 'Elio', 'Fausta', 'Gino', 'Ida', 'Lino', 'Marta'];
const LAST = ['Abate', 'Bassi', 'Cirillo', 'Donati', 'Elia', 'Fabbri', 'Guidi', 'Ippoliti', 'Lai', 'Messina'];

export interface BuiltEmployee {
  userId: string;
  userInfoId: string;
  email: string;
  password: string | null;
  firstName: string;
  lastName: string;
  fiscalCode: string;
}

/**
 * An account and its accepted employee record in a workspace (member role unless told). With `password` the person
 * can log in (argon2 costs a few tens of milliseconds: only when the test needs it).
 */
export async function buildEmployee(
  ctx: TestContext,
  workspaceId: string,
  o: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    roles: ('admin' | 'accountant' | 'member')[];
    enabled: boolean;
    invitationStatus: 'pending' | 'accepted' | 'declined';
  }> = {},
): Promise<BuiltEmployee> {
  const n = next();
  const firstName = o.firstName ?? FIRST[n % FIRST.length]!;
  const lastName = o.lastName ?? `${LAST[n % LAST.length]!}${String.fromCharCode(65 + (n % 26))}`;
  const fiscalCode = generateCodiceFiscale({
    lastName,
    firstName,
    birthDate: `19${70 + (n % 30)}-${String((n % 12) + 1).padStart(2, '0')}-${String((Math.floor(n / 12) % 28) + 1).padStart(2, '0')}`,
    sex: n % 2 ? 'F' : 'M',
    belfiore: 'A944',
  });
  const email = o.email ?? `fabbrica.${n}.${randomUUID().slice(0, 8)}@example.it`;
  const password = o.password ?? null;
  const now = new Date();
  const [account] = await ctx.db
    .insert(users)
    .values({
      email,
      firstName,
      lastName,
      fiscalCode,
      passwordHash: password ? await hashPassword(password) : null,
      emailVerifiedAt: now,
      fiscalCodeVerifiedAt: now,
    })
    .returning({ id: users.id });
  const roles = o.roles ?? ['member'];
  const [info] = await insertInScope(ctx.db, workspaceScope(workspaceId), userInfos, {
    userId: account!.id,
    firstName,
    lastName,
    fiscalCode,
    invitationStatus: o.invitationStatus ?? 'accepted',
    enabled: o.enabled ?? true,
    isAdmin: roles.includes('admin'),
    isAccountant: roles.includes('accountant'),
    isMember: roles.includes('member'),
    workEmail: `lavoro.${n}@example.it`,
    pec: `pec.${n}@example.it`,
  }).returning({ id: userInfos.id });
  return { userId: account!.id, userInfoId: info!.id, email, password, firstName, lastName, fiscalCode };
}

/** An account invited but without a password yet (and no workspace), with a first-login token valid for a day. */
export async function buildInvitedAccount(
  ctx: TestContext,
  email: string,
  firstName: string,
  lastName: string,
): Promise<{ id: string; token: string }> {
  const [invited] = await ctx.db
    .insert(users)
    .values({ email, firstName, lastName, passwordHash: null })
    .returning({ id: users.id });
  const token = randomToken();
  await ctx.db.insert(oneTimeTokens).values({
    userId: invited!.id,
    purpose: 'first_login',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return { id: invited!.id, token };
}

/** A fixed contract with Monday–Friday 9–18 and a 13–14 pause (or the given slots), from `startsAt`, permanent. */
export async function buildContract(
  ctx: TestContext,
  workspaceId: string,
  userInfoId: string,
  o: Partial<{
    startsAt: string;
    endsAt: string | null;
    type: 'fixed' | 'turn_based';
    slots: {
      weekday: number;
      startsAtMinutes: number;
      endsAtMinutes: number;
      pauseStartsAtMinutes?: number | null;
      pauseEndsAtMinutes?: number | null;
    }[];
  }> = {},
) {
  const scope = workspaceScope(workspaceId);
  const [row] = await insertInScope(ctx.db, scope, contracts, {
    userInfoId,
    type: o.type ?? 'fixed',
    workerType: 'employee',
    startsAt: o.startsAt ?? '2025-01-01',
    endsAt: o.endsAt ?? null,
    permanent: (o.endsAt ?? null) === null,
  }).returning();
  const slots =
    o.slots ??
    [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startsAtMinutes: 540,
      endsAtMinutes: 1080,
      pauseStartsAtMinutes: 780,
      pauseEndsAtMinutes: 840,
    }));
  await insertInScope(
    ctx.db,
    scope,
    contractTimeSlots,
    slots.map((s) => ({ pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, ...s, contractId: row!.id })),
  );
  return row!;
}

/** The id of the workspace's absence type with this code (the Italian defaults: FER, ROL, MAL, …). */
export async function justificationId(ctx: TestContext, workspaceId: string, code: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: justifications.id })
    .from(justifications)
    .where(and(eq(justifications.workspaceId, workspaceId), eq(justifications.code, code)));
  if (!row) throw new Error(`no justification ${code} in ${workspaceId}`);
  return row.id;
}

/** The ids of the workspace's absence types by code (the Italian defaults: FER, ROL, MAL, …). */
export async function justificationIds(ctx: TestContext, workspaceId: string): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ id: justifications.id, code: justifications.code })
    .from(justifications)
    .where(eq(justifications.workspaceId, workspaceId));
  return Object.fromEntries(rows.map((j) => [j.code, j.id]));
}

/** A time slot of a day at the office, as the contracts and templates send it: 9–18 with a 13–14 pause. */
export const OFFICE_SLOT = {
  startsAtMinutes: 540,
  endsAtMinutes: 1080,
  pauseStartsAtMinutes: 780,
  pauseEndsAtMinutes: 840,
  description: 'Ufficio',
  descriptionColorRgb: '#1A415B',
};

/**
 * The seeded records the attendance and contracts tests look up: Demo's employee records by e-mail prefix (Mario,
 * Giulia, the admin), Beta's employee Paolo, and Demo's absence types by code.
 */
export async function seededPeople(ctx: TestContext) {
  const ids: Record<string, string> = {};
  for (const who of ['mario.rossi', 'giulia.esposito', 'admin'])
    ids[who] = await membershipIdOf(ctx, `${who}@demo.timbro.it`, ctx.ws.demo);
  const paoloId = await membershipIdOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta);
  return { ids, paoloId, J: await justificationIds(ctx, ctx.ws.demo) };
}
export type SeededPeople = Awaited<ReturnType<typeof seededPeople>>;

/** The ids of the workspace's groups of absence types by name (the Italian defaults: "Ferie e permessi", …). */
export async function justificationGroupIds(ctx: TestContext, workspaceId: string): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ id: justificationGroups.id, name: justificationGroups.name })
    .from(justificationGroups)
    .where(eq(justificationGroups.workspaceId, workspaceId));
  return Object.fromEntries(rows.map((g) => [g.name, g.id]));
}

/**
 * The seeded absence types the justifications tests work on: Beta's FER and its group "Ferie e permessi" (which Demo
 * must never reach), Demo's default groups by name and types by code.
 */
export async function seededJustifications(ctx: TestContext) {
  return {
    beta: {
      justification: await justificationId(ctx, ctx.ws.beta, 'FER'),
      group: (await justificationGroupIds(ctx, ctx.ws.beta))['Ferie e permessi']!,
    },
    demoGroup: await justificationGroupIds(ctx, ctx.ws.demo),
    demoJ: await justificationIds(ctx, ctx.ws.demo),
  };
}

export type SeededJustifications = Awaited<ReturnType<typeof seededJustifications>>;

/** An absence request (a whole day by default), open unless told. */
export async function buildRequest(
  ctx: TestContext,
  workspaceId: string,
  userInfoId: string,
  o: Partial<{
    code: string;
    date: string;
    status: 'open' | 'approved' | 'rejected';
    wholeDay: boolean;
    startsAtMinutes: number;
    endsAtMinutes: number;
    amount: number;
  }> = {},
) {
  const [row] = await insertInScope(ctx.db, workspaceScope(workspaceId), justificationRequests, {
    userInfoId,
    justificationId: await justificationId(ctx, workspaceId, o.code ?? 'FER'),
    date: o.date ?? '2026-03-02',
    category: 'regular',
    wholeDay: o.wholeDay ?? o.startsAtMinutes === undefined,
    startsAtMinutes: o.startsAtMinutes ?? null,
    endsAtMinutes: o.endsAtMinutes ?? null,
    amount: o.amount ?? 1,
    status: o.status ?? 'open',
  }).returning();
  return row!;
}

/** A punch at a local time of a date (Europe/Rome, summer time included), recorded by an admin unless told. */
export async function buildPunch(
  ctx: TestContext,
  workspaceId: string,
  userInfoId: string,
  o: { date: string; time: string; direction: 'in' | 'out'; source?: 'admin' | 'import' },
) {
  const [h, m] = o.time.split(':').map(Number) as [number, number];
  const at = new Date(localToUtc(o.date, h * 60 + m, 'Europe/Rome'));
  const source = o.source ?? 'admin';
  const [row] = await insertInScope(ctx.db, workspaceScope(workspaceId), punches, {
    userInfoId,
    at,
    timeZone: 'Europe/Rome',
    localDate: o.date,
    direction: o.direction,
    source,
    reason: source === 'admin' ? 'fabbrica di test' : null,
  }).returning();
  return row!;
}

let cfSeq = 0;
/** A fresh valid fiscal code for these names (distinct birth dates in 1990, Milan, keep them unique). */
export function freshFiscalCode(lastName: string, firstName: string, sex: 'M' | 'F' = 'F'): string {
  cfSeq++;
  const day = String((cfSeq % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(cfSeq / 28) % 12) + 1).padStart(2, '0');
  return generateCodiceFiscale({ lastName, firstName, birthDate: `1990-${month}-${day}`, sex, belfiore: 'F205' });
}

/** A valid body of POST /admin/user: an employee (member) with work e-mail and PEC, a fresh login e-mail and fiscal code. */
export function employeeBody(overrides: Record<string, unknown> = {}) {
  const n = ++cfSeq;
  return {
    firstName: 'Nuova',
    lastName: `Assunta`,
    email: `nuova.assunta${n}@example.it`,
    fiscalCode: freshFiscalCode('Assunta', 'Nuova'),
    roles: ['member'],
    workEmail: `nuova.assunta${n}@demo.timbro.it`,
    pec: `nuova.assunta${n}@pec.it`,
    ...overrides,
  };
}

/**
 * Rewrites a person's seeded contract through the API (as `opts`, an admin) so the figures are known: from 2024-01-01,
 * Monday to Friday 9–18 with a 13–14 lunch break (8 h a day), its accruals kept.
 */
export async function setNineToSixWeek(ctx: TestContext, opts: RequestOptions, userInfoId: string) {
  const [c] = (await ctx.get(`/admin/user/${userInfoId}/contract`, opts)).json() as Contract[];
  const body = {
    ...c!,
    startsAt: '2024-01-01',
    timeSlots: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startsAtMinutes: 540,
      endsAtMinutes: 1080,
      pauseStartsAtMinutes: 780,
      pauseEndsAtMinutes: 840,
      description: null,
      descriptionColorRgb: null,
    })),
    justificationAccruals: c!.justificationAccruals.map((a) => ({
      justificationId: a.justificationId,
      monthlyIncrease: a.monthlyIncrease,
    })),
  };
  const res = await ctx.post(`/admin/contract/${c!.id}`, body, opts);
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A swap of two published shifts, written straight to the database: `requester`'s shift `source` for `target`'s shift
 * `target`, accepted by the colleague and waiting for the admin; both snapshots say 08:00–16:00 with a 30-minute pause
 * on `date`.
 */
export async function buildWaitingSwap(
  ctx: TestContext,
  workspaceId: string,
  o: { source: string; target: string; requester: string; colleague: string; date: string },
) {
  const snapshot = {
    id: o.source,
    date: o.date,
    startMinutes: 480,
    endMinutes: 960,
    pauseMinutes: 30,
    minutes: 450,
    startsAt: '',
    endsAt: '',
    label: null,
    color: null,
  };
  const [row] = await insertInScope(ctx.db, workspaceScope(workspaceId), shiftSwaps, {
    sourceShiftId: o.source,
    targetShiftId: o.target,
    requesterId: o.requester,
    targetUserInfoId: o.colleague,
    sourceVersion: 1,
    targetVersion: 1,
    sourceSnapshot: snapshot,
    targetSnapshot: { ...snapshot, id: o.target },
    status: 'waiting_admin',
    targetStatus: 'accepted',
  }).returning();
  return row!;
}

/** A notification of a new document to one employee record (its mail a placeholder); returns the notification's id. */
export async function buildDocumentNotice(ctx: TestContext, workspaceId: string, userInfoId: string) {
  const [told] = await ctx.db.transaction((tx) =>
    notify(
      tx,
      { scope: workspaceScope(workspaceId), publicUrl: 'http://localhost:3000' },
      {
        type: 'document.published',
        to: { userInfoIds: [userInfoId] },
        title: 'Nuovo documento',
        link: '/member/document',
        mail: () => ({ template: 't', subject: 's', text: 't' }),
      },
    ),
  );
  return told!.notificationId;
}
