import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db/client';
import type { AppDeps } from '../../deps';
import { routeOptions } from '../../plugins/route-options';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  // No database kind (nor version): the route is anonymous, and which engine runs is nobody else's business.
  database: z.object({ reachable: z.boolean() }),
  migrations: z.object({ applied: z.number(), expected: z.number(), current: z.boolean() }),
});

function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const route = routeOptions(['health']);

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const expected = expectedMigrations();
  return async (app) => {
    app.get(
      '/health',
      route('public', {
        summary: 'Database reachable and migrations current',
        response: { 200: HealthSchema, 503: HealthSchema },
      }),
      async (_request, reply) => {
        let reachable = false;
        let applied = 0;
        try {
          const r = await deps.database.raw.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          );
          applied = r.rows[0]?.n ?? 0;
          reachable = true;
        } catch {
          reachable = false;
        }
        const current = applied === expected;
        const ok = reachable && current;
        reply.status(ok ? 200 : 503);
        return {
          status: ok ? ('ok' as const) : ('degraded' as const),
          database: { reachable },
          migrations: { applied, expected, current },
        };
      },
    );
  };
}
