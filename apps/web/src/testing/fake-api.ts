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
