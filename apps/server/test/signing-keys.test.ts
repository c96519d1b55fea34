import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { ConfigError, loadConfig } from '../src/config/env';
import { appSecrets } from '../src/db/schema';
import { loadSigningKeys } from '../src/lib/secrets';
import { signingKeys, type SigningKeys } from '../src/lib/tokens';
import { createDeps } from '../src/runtime';
import { ACCESS_COOKIE, accessOnly, createTestContext, type TestContext } from './helpers';

/**
 * Issue 30, item 5: the key that signs sessions. In production it must come from the environment (SESSION_SECRET),
 * never from the database a backup copies; access tokens name their key (`kid`) so the key can rotate, the previous
 * one (SESSION_SECRET_PREVIOUS) verifying its tokens until they expire.
 */

const BASE_ENV = { LOG_LEVEL: 'silent', JOBS: 'false', PUBLIC_URL: 'https://timbro.example.it' };
const OLD = 'o'.repeat(20) + 'LD-key-0123456789';
const NEW = 'n'.repeat(20) + 'EW-key-0123456789';

let ctx: TestContext;
const apps: App[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx?.close();
});

/** Another app on the same database signing with `keys`. */
async function appWith(keys: SigningKeys): Promise<App> {
  const app = await buildApp({ ...ctx.deps, keys });
  await app.ready();
  apps.push(app);
  return app;
}

async function loginOn(app: App, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-client': 'timbro-web', 'x-auth-mode': 'cookie' },
    payload: { username: email, password: 'Timbro2026!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const access = res.cookies.find((c) => c.name === ACCESS_COOKIE && c.value !== '')!;
  return { cookie: `${ACCESS_COOKIE}=${access.value}`, token: access.value };
}

const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } });

describe('production refuses a signing key kept in the database', () => {
  it('createDeps (the server start) throws a ConfigError naming SESSION_SECRET, before touching the database', async () => {
    const before = await ctx.db.select().from(appSecrets);
    const config = loadConfig({ ...BASE_ENV, NODE_ENV: 'production' });
    const err = await createDeps(config, ctx.deps.database).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^SESSION_SECRET is required in production/);
    expect(await ctx.db.select().from(appSecrets)).toEqual(before);
  });

  it('with SESSION_SECRET the keys come from it, and none is generated in the database', async () => {
    await ctx.db.delete(appSecrets).where(sql`true`);
    const config = loadConfig({ ...BASE_ENV, NODE_ENV: 'production', SESSION_SECRET: NEW });
    const keys = await loadSigningKeys(ctx.db, config);
    expect(keys.current.secret).toBe(NEW);
    expect(await ctx.db.select().from(appSecrets)).toEqual([]);
    // Development and tests may still keep one in the database (nothing to configure for a first try).
    const dev = await loadSigningKeys(ctx.db, loadConfig({ ...BASE_ENV, NODE_ENV: 'development' }));
    expect((await ctx.db.select().from(appSecrets)).map((r) => r.value)).toEqual([dev.current.secret]);
  });

  it('SESSION_SECRET_PREVIOUS without SESSION_SECRET is a configuration error naming it', () => {
    expect(() => loadConfig({ ...BASE_ENV, SESSION_SECRET_PREVIOUS: OLD })).toThrow(/SESSION_SECRET_PREVIOUS: needs/);
    expect(() => loadConfig({ ...BASE_ENV, SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      /SESSION_SECRET_PREVIOUS: must be at least 32 characters/,
    );
  });

  it('the server process exits at once with the message, before opening the database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-nokey-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...BASE_ENV,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '1',
      };
      delete env.SESSION_SECRET;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/SESSION_SECRET is required in production \(NODE_ENV=production\)/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('key rotation: SESSION_SECRET_PREVIOUS', () => {
  it('a session signed with the old key still works after the rotation; new tokens carry the new key id', async () => {
    const oldApp = await appWith(signingKeys(OLD));
    const rotated = await appWith(signingKeys(NEW, [OLD]));
    const newOnly = await appWith(signingKeys(NEW));

    const session = await loginOn(oldApp, 'admin@demo.timbro.it');
    expect(session.token.split('.')[1]).toBe(signingKeys(OLD).current.kid);
    expect((await me(oldApp, session.cookie)).statusCode).toBe(200);
    expect((await me(rotated, session.cookie)).statusCode).toBe(200);
    // Without the previous key the old token is refused.
    expect((await me(newOnly, session.cookie)).statusCode).toBe(401);

    const fresh = await loginOn(rotated, 'admin@demo.timbro.it');
    expect(fresh.token.split('.')[1]).toBe(signingKeys(NEW).current.kid);
    expect((await me(newOnly, fresh.cookie)).statusCode).toBe(200);
    expect((await me(oldApp, fresh.cookie)).statusCode).toBe(401);
  });

  it('the test context signs with the key of its database (a sanity check of the helpers)', async () => {
    const s = accessOnly(await ctx.login('admin@demo.timbro.it'));
    expect(s.cookie.split('=')[1]!.split('.')[1]).toBe(ctx.deps.keys.current.kid);
  });
});
