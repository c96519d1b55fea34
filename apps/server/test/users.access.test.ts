import { generateCodiceFiscale, type User } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { userInfos } from '../src/db/schema';
import { userImportRoutes } from '../src/modules/users/user-import.routes';
import { userRoutes } from '../src/modules/users/users.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { editableUser, membershipOf } from './helpers';

/**
 * Access to every route of the users module (records, enrolment, import and export), table-driven (access-table.ts):
 * 401 without a session, 403 for each role a route does not grant (before validation), the granted roles get past the
 * check, and Beta's employee used from Demo is not found.
 */

const t = useAccessContext();
let marioId: string;
let paoloId: string;
/** Mario's record as the edit form sends it back: a well-formed update body. */
let marioBody: ReturnType<typeof editableUser>;

beforeAll(async () => {
  marioId = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
  paoloId = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', t.ctx.ws.beta))!.id;
  const res = await t.ctx.get(`/admin/user/${marioId}`, { session: t.sessions.admin, workspace: t.ctx.ws.demo });
  expect(res.statusCode, res.body).toBe(200);
  marioBody = editableUser(res.json() as User);
});

const FISCAL_CODE = generateCodiceFiscale({
  lastName: 'Accesso',
  firstName: 'Prova',
  birthDate: '1990-01-01',
  sex: 'F',
  belfiore: 'F205',
});
const EMPLOYEE = {
  firstName: 'Prova',
  lastName: 'Accesso',
  email: 'prova.accesso@example.it',
  fiscalCode: FISCAL_CODE,
  roles: ['member'],
};
const onMario = (action: string) =>
  ({
    route: `POST /admin/user/:id/${action}`,
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${marioId}/${action}` }),
    probe: () => ({ url: `/admin/user/x/${action}` }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/user/${paoloId}/${action}` }), message: 'Utente non trovato' },
  }) satisfies AccessRoute;

const ROUTES: AccessRoute[] = [
  { route: 'GET /admin/user', grants: ['admin', 'accountant'], call: () => ({ url: '/admin/user' }), probeStatus: 200 },
  {
    route: 'GET /admin/user/export',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/user/export' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/user/search-unbound',
    grants: ['admin'],
    call: () => ({ url: '/admin/user/search-unbound', query: { fiscal_code: FISCAL_CODE } }),
    probe: () => ({ url: '/admin/user/search-unbound' }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/user',
    grants: ['admin'],
    call: () => ({ url: '/admin/user', body: EMPLOYEE }),
    probe: () => ({ url: '/admin/user', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/user/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${marioId}` }),
    probeStatus: 200,
    foreign: { as: 'accountant', call: () => ({ url: `/admin/user/${paoloId}` }), message: 'Utente non trovato' },
  },
  {
    route: 'POST /admin/user/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${marioId}`, body: marioBody }),
    probe: () => ({ url: `/admin/user/${marioId}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paoloId}`, body: marioBody }),
      message: 'Utente non trovato',
    },
  },
  onMario('resend-invitation'),
  onMario('enable'),
  onMario('disable'),
  // Without a multipart file the import answers 400 "Carica un file CSV o Excel": nothing is read or written.
  {
    route: 'POST /admin/user/import/preview',
    grants: ['admin'],
    call: () => ({ url: '/admin/user/import/preview', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/user/import',
    grants: ['admin'],
    call: () => ({ url: '/admin/user/import', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /ajax/users',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/ajax/users' }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'users',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [userRoutes, userImportRoutes],
    routeCount: 12,
  },
  () => {
    it('nothing of the refused or foreign calls was written: Mario and Paolo are enabled, as they were; no one was enrolled', async () => {
      for (const id of [marioId, paoloId])
        expect((await t.ctx.db.select().from(userInfos).where(eq(userInfos.id, id)))[0]).toMatchObject({
          enabled: true,
        });
      expect(await t.ctx.db.select().from(userInfos).where(eq(userInfos.fiscalCode, FISCAL_CODE))).toEqual([]);
    });
  },
);
