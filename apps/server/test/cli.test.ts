import { INVITATION_TOKEN_TTL_HOURS, generateCodiceFiscale } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/cli-commands';
import { oneTimeTokens, users } from '../src/db/schema';
import { sha256 } from '../src/lib/tokens';
import { cookiesOf, createTestContext, expectError, type TestContext } from './helpers';

/** `npm run cli -- create-admin`: src/cli.ts prints createAdmin(...).message, or the error's message and exits 1. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PUBLIC_URL = 'http://localhost:3000';
const fiscalCode = generateCodiceFiscale({
  lastName: 'Lovelace',
  firstName: 'Ada',
  birthDate: '1985-12-10',
  sex: 'F',
  belfiore: 'F205',
});

function args(o: { email?: string; first?: string; last?: string; cf?: string }): string[] {
  const out: string[] = [];
  if (o.email !== undefined) out.push('--email', o.email);
  if (o.first !== undefined) out.push('--first-name', o.first);
  if (o.last !== undefined) out.push('--last-name', o.last);
  if (o.cf !== undefined) out.push('--fiscal-code', o.cf);
  return out;
}

async function userCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe('create-admin', () => {
  it('creates a platform operator and prints a first-login link that sets the password', async () => {
    const before = Date.now();
    const result = await createAdmin(
      ctx.db,
      PUBLIC_URL,
      args({
        email: '  Ada.Lovelace@Example.IT ',
        first: 'Ada',
        last: 'Lovelace',
        cf: ` ${fiscalCode.toLowerCase()} `,
      }),
    );

    // The printed text: who was created, for how long the link lasts, and the link itself on its own line.
    const printed =
      /^Operator ada\.lovelace@example\.it created\. Set the password within 7 days at:\nhttp:\/\/localhost:3000\/first-login\/([A-Za-z0-9_-]+)$/.exec(
        result.message,
      );
    expect(printed, result.message).not.toBeNull();
    const token = printed![1]!;
    expect(result.link).toBe(`${PUBLIC_URL}/first-login/${token}`);
    expect(result.email).toBe('ada.lovelace@example.it');

    // An operator without a password yet; e-mail lower-cased, fiscal code normalised.
    const [user] = await ctx.db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.it',
      firstName: 'Ada',
      lastName: 'Lovelace',
      fiscalCode,
      isOperator: true,
      passwordHash: null,
      enabled: true,
    });

    // Only the hash of the token is stored, as an invitation valid INVITATION_TOKEN_TTL_HOURS.
    const [stored] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ userId: result.userId, purpose: 'first_login', usedAt: null });
    const ttl = INVITATION_TOKEN_TTL_HOURS * 3600 * 1000;
    expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + ttl - 1000);
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ttl + 1000);

    // The printed link works with the first-login endpoint the web page calls.
    const password = 'Operatrice-2026!';
    const set = await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password });
    expect(set.statusCode, set.body).toBe(200);
    // The token works once.
    expectError(
      await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password }),
      400,
      'TOKEN_INVALID',
    );

    // The new operator logs in and sees every workspace (operator role).
    const login = await ctx.post('/auth/login', { username: 'ada.lovelace@example.it', password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().id).toBe(result.userId);
    const session = { cookie: cookiesOf(login), email: 'ada.lovelace@example.it', userId: result.userId };
    const list = await ctx.get('/workspace/list', { session });
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { id: string }[]).map((w) => w.id);
    expect(ids).toEqual(expect.arrayContaining([ctx.ws.demo, ctx.ws.beta]));
  });

  it('refuses an e-mail already in use (any letter case) and writes nothing', async () => {
    const n = await userCount();
    const other = generateCodiceFiscale({
      lastName: 'Hopper',
      firstName: 'Grace',
      birthDate: '1986-12-09',
      sex: 'F',
      belfiore: 'H501',
    });
    await expect(
      createAdmin(
        ctx.db,
        PUBLIC_URL,
        args({ email: 'Admin@Demo.Timbro.it', first: 'Grace', last: 'Hopper', cf: other }),
      ),
    ).rejects.toThrow(/^A user with e-mail admin@demo\.timbro\.it already exists\.$/);
    expect(await userCount()).toBe(n);
    const [admin] = await ctx.db
      .select({ isOperator: users.isOperator })
      .from(users)
      .where(eq(users.email, 'admin@demo.timbro.it'));
    expect(admin!.isOperator).toBe(false);
    expect(await ctx.db.select().from(users).where(eq(users.fiscalCode, other))).toEqual([]);
  });

  it('refuses an invalid fiscal code, e-mail or missing names with a message naming the option', async () => {
    const n = await userCount();
    const wrongCheck = fiscalCode.slice(0, 15) + (fiscalCode.endsWith('A') ? 'B' : 'A');
    const base = { email: 'nuovo.operatore@example.it', first: 'Nuovo', last: 'Operatore', cf: fiscalCode };
    await expect(createAdmin(ctx.db, PUBLIC_URL, args({ ...base, cf: wrongCheck }))).rejects.toThrow(
      '--fiscal-code: a valid codice fiscale is required',
    );
    await expect(createAdmin(ctx.db, PUBLIC_URL, args({ ...base, cf: 'RSSMRA' }))).rejects.toThrow(
      '--fiscal-code: a valid codice fiscale is required',
    );
    await expect(createAdmin(ctx.db, PUBLIC_URL, args({ ...base, cf: undefined }))).rejects.toThrow(
      '--fiscal-code: a valid codice fiscale is required',
    );
    await expect(createAdmin(ctx.db, PUBLIC_URL, args({ ...base, email: 'non-una-email' }))).rejects.toThrow(
      '--email: a valid e-mail address is required',
    );
    await expect(createAdmin(ctx.db, PUBLIC_URL, args({ ...base, last: undefined }))).rejects.toThrow(
      '--first-name and --last-name are required',
    );
    // An unknown option is refused by the argument parser rather than ignored.
    await expect(createAdmin(ctx.db, PUBLIC_URL, [...args(base), '--role', 'admin'])).rejects.toThrow(/--role/);
    expect(await userCount()).toBe(n);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'nuovo.operatore@example.it'))).toEqual([]);
  });
});
