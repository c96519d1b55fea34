import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildQuery, createApiClient, defaultRefresh, isAnonymousPath } from './api-client';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * A fake server for the file and stream calls: a call is refused 401 until the refresh, /missing answers 404, any other
 * call must carry `headers` and gets `answer()`. Returns the URLs called and a client (workspace ws-1) over it.
 */
function refreshingServer(headers: Record<string, string>, answer: () => Response) {
  let valid = false;
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    calls.push(u);
    if (u.endsWith('/auth/token/refresh')) {
      valid = true;
      return json(200, { message: 'ok' });
    }
    if (!valid) return json(401, { code: 'UNAUTHENTICATED', message: 'Accesso richiesto' });
    if (u.includes('/missing')) return json(404, { code: 'NOT_FOUND', message: 'Risorsa non trovata' });
    expect(init?.headers).toMatchObject(headers);
    return answer();
  });
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getWorkspaceId: () => 'ws-1',
    refresh: defaultRefresh,
    onAuthExpired: vi.fn(),
  });
  return { calls, client };
}

/** A fake server: a session flag flipped by the refresh call. */
function setup(opts: { refreshOk?: boolean; refresh?: boolean } = {}) {
  let valid = false;
  const calls: string[] = [];
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((r) => {
    releaseRefresh = r;
  });
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    calls.push(`${init?.method ?? 'GET'} ${u}`);
    if (u.endsWith('/auth/token/refresh')) {
      await refreshGate;
      if (opts.refreshOk === false) return json(401, { code: 'UNAUTHENTICATED', message: 'Sessione scaduta' });
      valid = true;
      return json(200, { message: 'ok' });
    }
    if (u.includes('/auth/login')) return json(401, { code: 'INVALID_CREDENTIALS', message: 'no' });
    if (!valid) return json(401, { code: 'UNAUTHENTICATED', message: 'Accesso richiesto' });
    return json(200, { path: u }, { 'x-workspace-id': 'w1' });
  });
  const onAuthExpired = vi.fn();
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getWorkspaceId: () => 'ws-1',
    refresh: opts.refresh === false ? null : defaultRefresh,
    onAuthExpired,
  });
  return { client, fetchMock, calls, onAuthExpired, releaseRefresh };
}

describe('api client', () => {
  it('sends the three headers, same-origin credentials and bracket arrays', async () => {
    const { client, fetchMock, releaseRefresh } = setup();
    releaseRefresh();
    await client.get('/x', { ids: ['a', 'b'], q: 'r' });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/v1/x?ids%5B%5D=a&ids%5B%5D=b&q=r');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({
      'x-client': 'timbro-web',
      'x-auth-mode': 'cookie',
      'x-workspace-id': 'ws-1',
    });
  });

  it('returns data, status and headers', async () => {
    const { client, releaseRefresh } = setup();
    releaseRefresh();
    const res = await client.get<{ path: string }>('/ok');
    expect(res.status).toBe(200);
    expect(res.data.path).toContain('/ok');
    expect(res.headers.get('x-workspace-id')).toBe('w1');
  });

  it('refreshes ONCE for concurrent 401s, queues the others and replays them all', async () => {
    const { client, calls, onAuthExpired, releaseRefresh } = setup();
    const all = Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.includes('refresh'))).toHaveLength(1));
    releaseRefresh();
    const results = await all;
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(calls.filter((c) => c.includes('refresh'))).toHaveLength(1);
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('when the refresh fails, queued requests fail with their original error and auth-expired is broadcast once', async () => {
    const { client, onAuthExpired, releaseRefresh } = setup({ refreshOk: false });
    const all = Promise.allSettled([client.get('/a'), client.get('/b')]);
    releaseRefresh();
    const results = await all;
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const err = (r as PromiseRejectedResult).reason as ApiError<{ code: string }>;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(401);
      expect(err.data.code).toBe('UNAUTHENTICATED');
    }
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for /auth paths', async () => {
    const { client, calls, onAuthExpired, releaseRefresh } = setup();
    releaseRefresh();
    await expect(client.post('/auth/login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(calls.some((c) => c.includes('refresh'))).toBe(false);
    expect(onAuthExpired).not.toHaveBeenCalled();
    expect(isAnonymousPath('/auth/token/refresh')).toBe(true);
    expect(isAnonymousPath('/user')).toBe(false);
  });

  it('with no refresh configured a 401 broadcasts auth-expired', async () => {
    const { client, onAuthExpired } = setup({ refresh: false });
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
  });

  it('network and JSON failures surface as raw errors', async () => {
    const failing = createApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      getWorkspaceId: () => null,
      refresh: null,
      onAuthExpired: () => undefined,
    });
    await expect(failing.get('/x')).rejects.toBeInstanceOf(TypeError);
    const badJson = createApiClient({
      fetch: (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch,
      getWorkspaceId: () => null,
      refresh: null,
      onAuthExpired: () => undefined,
    });
    await expect(badJson.get('/x')).rejects.toBeInstanceOf(SyntaxError);
  });

  it('sends JSON bodies and FormData as they are', async () => {
    const { client, fetchMock, releaseRefresh } = setup();
    releaseRefresh();
    await client.post('/auth/login', { username: 'x' }).catch(() => undefined);
    let init = fetchMock.mock.calls.at(-1)![1]!;
    expect(init.body).toBe('{"username":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    const fd = new FormData();
    fd.append('f', 'v');
    await client.post('/auth/login', fd).catch(() => undefined);
    init = fetchMock.mock.calls.at(-1)![1]!;
    expect(init.body).toBe(fd);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(buildQuery({ a: undefined, b: null, c: 0 })).toBe('?c=0');
  });

  it('downloads files as a Blob with the same headers, and refreshes a 401 like any call; errors stay JSON', async () => {
    const { calls, client } = refreshingServer(
      { 'x-client': 'timbro-web', 'x-workspace-id': 'ws-1' },
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="dipendenti.xlsx"' },
        }),
    );
    const res = await client.blob('/admin/user/export', { role: 'member' });
    // (Node's Blob: jsdom's global is another realm, so no instanceof check.)
    expect(res.data.constructor.name).toBe('Blob');
    expect(res.data.size).toBe(4);
    expect(res.headers.get('content-disposition')).toContain('dipendenti.xlsx');
    expect(calls).toEqual([
      '/api/v1/admin/user/export?role=member',
      '/api/v1/auth/token/refresh',
      '/api/v1/admin/user/export?role=member',
    ]);
    await expect(client.blob('/missing')).rejects.toMatchObject({
      status: 404,
      data: { message: 'Risorsa non trovata' },
    });
  });

  it('stream: the open body of a server-sent events answer, with the headers, the refresh and JSON errors', async () => {
    const { calls, client } = refreshingServer(
      { 'x-client': 'timbro-web', 'x-workspace-id': 'ws-1', Accept: 'text/event-stream' },
      () =>
        new Response('event: unread\ndata: {"unread":2}\n\n', {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        }),
    );
    const res = await client.stream('/notification/stream');
    // Unread: the caller reads it as it comes.
    expect(await new Response(res.data).text()).toBe('event: unread\ndata: {"unread":2}\n\n');
    expect(calls).toEqual(['/api/v1/notification/stream', '/api/v1/auth/token/refresh', '/api/v1/notification/stream']);
    await expect(client.stream('/missing')).rejects.toMatchObject({
      status: 404,
      data: { message: 'Risorsa non trovata' },
    });
  });
});
