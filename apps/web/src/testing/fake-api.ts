import { vi } from 'vitest';

type Handler = (req: {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** The query string's parameters. */
  query: URLSearchParams;
}) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The API's answer to a body it refuses: 400 VALIDATION_FAILED with `message` and the field errors. */
export const validationFailed = (message: string, errors: { path: string; message: string }[]) =>
  json(400, { code: 'VALIDATION_FAILED', message, errors });

/**
 * A fake API behind `fetch` for component tests: handlers keyed by "METHOD /path" (path without /api/v1 and
 * query). Unknown routes answer 404. Every call is recorded.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, body, headers });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'Risorsa non trovata' });
    return handler({ method, path, body, headers, query: url.searchParams });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const demoUser = {
  id: 'u-anna',
  first_name: 'Anna',
  last_name: 'Bianchi',
  email: 'admin@demo.timbro.it',
  email_verified: true,
  pending_invitations: 0,
  fiscal_code: 'BNCNNA80B52F205Z',
  language: 'it',
  workspace_roles: [
    {
      workspace_id: 'ws-demo',
      oimmei: false,
      admin: true,
      accountant: false,
      member: false,
      attendance_auto_approve_request: null,
    },
  ],
  // Every membership is a record in the workspace (ADR 0015): the operator's bare admin entry is the exception.
  attendance_infos: [
    {
      workspace_id: 'ws-demo',
      user_info_id: 'ui-anna',
      enabled: true,
      workspace_attendance_auto_approve_request: false,
      time_zone: 'Europe/Rome',
    },
  ],
  is_operator: false,
  disabled_workspaces: [] as { id: string; name: string }[],
};

export const demoWorkspaces = [
  { id: 'ws-demo', name: 'Demo S.r.l.', attendance_auto_approve_request: false, square_logo: null },
];

/** GET /workspace/list for a session in Demo: Demo alone, the current workspace in the header. */
export const demoWorkspaceList = () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' });

/** The two reads of a signed-in frame: GET /user answers `user` (Anna, Demo's admin, unless told), GET /workspace/list Demo. */
export function sessionOf(user: object = demoUser) {
  return { 'GET /user': () => json(200, user), 'GET /workspace/list': demoWorkspaceList };
}

/** Demo's user (Anna) with the workspace roles changed as given, and the fields of `over`. */
export function demoUserWith(
  roles: Partial<(typeof demoUser.workspace_roles)[number]>,
  over: Partial<Omit<typeof demoUser, 'workspace_roles'>> = {},
) {
  return { ...demoUser, ...over, workspace_roles: [{ ...demoUser.workspace_roles[0]!, ...roles }] };
}

/** A session of Demo's user (Anna) with the workspace roles changed as given. */
export const sessionWithRoles = (roles: Partial<(typeof demoUser.workspace_roles)[number]> = {}) =>
  sessionOf(demoUserWith(roles));

/** Mario Rossi, an employee of Demo and nothing else (the other fields are Anna's). */
export const marioUser = demoUserWith(
  { admin: false, accountant: false, member: true },
  { id: 'u-mario', first_name: 'Mario', last_name: 'Rossi' },
);

/** What GET /attendance/user-info/current answers a Demo user without an employee record: Rome's zone and `today`. */
export const currentInfoOn = (today: string) => ({
  workspaceId: 'ws-demo',
  userInfoId: null,
  autoApprove: false,
  timeZone: 'Europe/Rome',
  today,
  contract: null,
  clock: null,
});
