import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { justificationGroups, justifications } from '../src/db/schema';
import { justificationRoutes } from '../src/modules/justifications/justifications.routes';
import { describeAccessTable, type AccessRoute } from './access-table';
import { seededJustifications, type SeededJustifications } from './factories';
import { useDemoContext, type DemoContext } from './helpers';

/** Absence types and their groups: the access table; the defaults, the admin pages and the lookups are in justifications.routes.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Beta's records, which Demo must never reach; Demo's default groups by name and justifications by code. */
let { beta, demoGroup, demoJ } = {} as SeededJustifications;

useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  ({ beta, demoGroup, demoJ } = await seededJustifications(ctx));
});

const TYPE = { code: 'ACC.1', name: 'Prova di accesso', impact: 'increase', unit: 'hour' };
const TYPE_GROUP = { name: 'Prova di accesso', summarizeable: true };
const JUSTIFICATION_ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/justification',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/justification' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/justification',
    grants: ['admin'],
    call: () => ({ url: '/admin/justification', body: TYPE }),
    probe: () => ({ url: '/admin/justification', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/justification/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/justification/${demoJ.FER}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/justification/${beta.justification}` }),
      message: 'Giustificativo non trovato',
    },
  },
  {
    route: 'POST /admin/justification/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/justification/${demoJ.FER}`, body: TYPE }),
    probe: () => ({ url: `/admin/justification/${demoJ.FER}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/justification/${beta.justification}`, body: TYPE }),
      message: 'Giustificativo non trovato',
    },
  },
  {
    route: 'GET /admin/justification-group',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/justification-group' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/justification-group',
    grants: ['admin'],
    call: () => ({ url: '/admin/justification-group', body: TYPE_GROUP }),
    probe: () => ({ url: '/admin/justification-group', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/justification-group/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/justification-group/${demoGroup['Ferie e permessi']}`, body: TYPE_GROUP }),
    probe: () => ({ url: `/admin/justification-group/${demoGroup['Ferie e permessi']}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/justification-group/${beta.group}`, body: TYPE_GROUP }),
      message: 'Gruppo di giustificativi non trovato',
    },
  },
  {
    route: 'GET /attendance/ajax/justifications',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/justifications' }),
    probeStatus: 200,
  },
  {
    route: 'GET /attendance/ajax/justification-groups',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/justification-groups' }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'justifications',
    routes: JUSTIFICATION_ROUTES,
    ctx: () => ctx,
    sessions: () => ({ admin, accountant, member }),
    plugins: [justificationRoutes],
    routeCount: 9,
  },
  () => {
    it('nothing of the refused or foreign calls was written: FER and its group are as they were in Demo and in Beta', async () => {
      for (const id of [demoJ.FER!, beta.justification])
        expect((await ctx.db.select().from(justifications).where(eq(justifications.id, id)))[0]).toMatchObject({
          code: 'FER',
          enabled: true,
        });
      for (const id of [demoGroup['Ferie e permessi']!, beta.group])
        expect(
          (await ctx.db.select().from(justificationGroups).where(eq(justificationGroups.id, id)))[0],
        ).toMatchObject({ name: 'Ferie e permessi' });
      expect(await ctx.db.select().from(justifications).where(eq(justifications.code, 'ACC.1'))).toEqual([]);
    });
  },
);
