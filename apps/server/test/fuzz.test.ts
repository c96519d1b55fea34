import { API_BASE_PATH, CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildEmployee } from './factories';
import { createTestContext, ENDS_OWN_SESSION, type Session, type TestContext } from './helpers';

/**
 * Fuzzing (issue 17): property-based bodies on every write route of the route table, as the workspace's admin (so the
 * bodies reach validation and the services, not only the permission check). Bodies are drawn from each route's own
 * zod schema — its fields with hostile values — and from anything JSON can say (deep nesting, `__proto__` keys, huge
 * numbers, long strings, odd Unicode). Expected: never a 5xx, never a stack trace or SQL in an answer, and the server
 * healthy afterwards. Seeded and reproducible (FUZZ_SEED); FUZZ_RUNS bodies per route (CI: 12; the long mode,
 * `FUZZ_RUNS=100`, sends over 10,000).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

let ctx: TestContext;
let admin: Session;
async function throwaway() {
  const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
  return ctx.login(p.email, 'Password1!x');
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
});
afterAll(async () => {
  await ctx.close();
});

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000',
    '\uD800',
    '9999-99-99',
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
    'NaN',
    '1e309',
    'a'.repeat(100_000),
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.1 + 0.2, true, false, null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { polluted: true } } }),
);

/** A zod object schema's keys (zod 4), or none. */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { shape?: Record<string, unknown> } } };
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return Object.keys(s?._zod?.def?.shape ?? {});
}

function bodiesFor(schema: unknown): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  const shaped = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length })
    : fc.dictionary(fc.string(), hostileValue, { maxKeys: 5 });
  const nested = fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown);
  const pollution = fc.constant(
    JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') as unknown,
  );
  return fc.oneof({ weight: 5, arbitrary: shaped }, hostileValue, fc.jsonValue({ maxDepth: 4 }), nested, pollution);
}

const PARAMS = ['00000000-0000-4000-8000-000000000000', 'abc', '%00', '..%2F..', '1'.repeat(300)];
const fillParams = (url: string, i: number) => url.replace(/:([A-Za-z]+)/g, () => PARAMS[i % PARAMS.length]!);

describe('fuzzing every write route', () => {
  it(`${RUNS} generated bodies per POST, PUT and DELETE: no 5xx, no stack trace, still healthy`, async () => {
    const routes = ctx.app.routeDeclarations.filter((r) => r.method !== 'GET' && r.url.startsWith(API_BASE_PATH));
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes) {
      const bodySchema = r.bodySchema;
      const samples = fc.sample(bodiesFor(bodySchema), { numRuns: RUNS, seed: SEED + sent });
      const session = ENDS_OWN_SESSION.test(r.url) ? await throwaway() : admin;
      for (const [i, body] of samples.entries()) {
        const url = fillParams(r.url, i);
        const res = await ctx.app.inject({
          method: r.method as 'POST',
          url,
          headers: {
            cookie: session.cookie,
            'x-auth-mode': 'cookie',
            [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
            [WORKSPACE_HEADER]: ctx.ws.demo,
            'content-type': 'application/json',
          },
          payload: JSON.stringify(body),
        });
        sent++;
        const text = res.body;
        if (res.statusCode >= 500 || /\n\s+at |node_modules|syntax error at|relation "|ZodError/.test(text))
          failures.push(
            `${r.method} ${url} → ${res.statusCode} ${text.slice(0, 200)} (body ${JSON.stringify(body)?.slice(0, 200)})`,
          );
      }
    }
    console.info(
      `Fuzzing: ${routes.length} write routes × ${RUNS} bodies = ${sent} requests, failures ${failures.length}`,
    );
    expect(failures).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `${API_BASE_PATH}/health` })).statusCode).toBe(200);
  });
});
