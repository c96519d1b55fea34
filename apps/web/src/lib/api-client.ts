import { API_BASE_PATH } from '@timbro/shared/constants';
import { AUTH_MODE_HEADER, CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared/error-codes';

/** What every call resolves to (spec section 7): the parsed JSON body with the status and headers. */
export interface ApiResult<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** A non-2xx answer: the parsed body, status and headers are passed to the caller. */
export class ApiError<T = unknown> extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly data: T,
    readonly headers: Headers,
  ) {
    super(`HTTP ${status}`);
  }
}

export type QueryValue = string | number | boolean | null | undefined | (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * 'blob' for file downloads (e.g. XLSX exports): a successful body is returned as a Blob; 'stream' for server-sent
   * events: a successful body is returned unread, as its ReadableStream. Errors are still JSON.
   */
  responseType?: 'json' | 'blob' | 'stream';
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The active workspace id, sent on every request. */
  getWorkspaceId: () => string | null;
  /** The refresh call; null disables refreshing (a 401 then broadcasts auth-expired at once). */
  refresh: ((client: ApiClient) => Promise<void>) | null;
  /** Broadcast when a session cannot be refreshed. */
  onAuthExpired: () => void;
  /** Told after each call whether the server was reached at all (any answer) or not (no network). */
  onReachability?: (reached: boolean) => void;
}

/** Query arrays in bracket style: `ids[]=a&ids[]=b`. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** /auth paths never trigger a refresh (spec section 4). */
export function isAnonymousPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one API client. On a 401 for a non-anonymous path it runs ONE refresh; requests that fail meanwhile wait in
 * a queue and are replayed after it succeeds; if it fails, they all fail with their original error and an
 * auth-expired event is broadcast.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? API_BASE_PATH;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let refreshing: Promise<boolean> | null = null;

  async function send<T>(path: string, opts: RequestOptions): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      [AUTH_MODE_HEADER]: 'cookie',
      Accept: opts.responseType === 'stream' ? 'text/event-stream' : 'application/json',
    };
    const workspaceId = options.getWorkspaceId();
    if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    // Network failures reject with the raw error.
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${buildQuery(opts.query)}`, {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        credentials: 'same-origin',
        signal: opts.signal,
      });
    } catch (err) {
      if (err instanceof TypeError) options.onReachability?.(false);
      throw err;
    }
    options.onReachability?.(true);
    if (res.ok && opts.responseType === 'blob')
      return { data: (await res.blob()) as T, status: res.status, headers: res.headers };
    if (res.ok && opts.responseType === 'stream') {
      if (!res.body) throw new Error('The response has no body to stream');
      return { data: res.body as T, status: res.status, headers: res.headers };
    }
    const text = await res.text();
    // JSON parse failures reject with the raw error too.
    const data = (text.length > 0 ? JSON.parse(text) : null) as T;
    if (!res.ok) throw new ApiError(res.status, data, res.headers);
    return { data, status: res.status, headers: res.headers };
  }

  async function runRefresh(): Promise<boolean> {
    if (!options.refresh) return false;
    refreshing ??= options
      .refresh(client)
      .then(() => true)
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    try {
      return await send<T>(path, opts);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || isAnonymousPath(path)) throw err;
      if (!options.refresh) {
        options.onAuthExpired();
        throw err;
      }
      const wasRefreshing = refreshing !== null;
      const ok = await runRefresh();
      if (!ok) {
        if (!wasRefreshing) options.onAuthExpired();
        throw err;
      }
      return send<T>(path, opts);
    }
  }

  const client = {
    request,
    get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
      request<T>(path, { method: 'GET', query, signal }),
    post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
    del: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
    /** A file download (GET): the body as a Blob, with the same headers, refresh and errors as every other call. */
    blob: (path: string, query?: RequestOptions['query']) =>
      request<Blob>(path, { method: 'GET', query, responseType: 'blob' }),
    /**
     * A stream of server-sent events (GET, e.g. /notification/stream): the open body, unread, with the same headers,
     * refresh and errors as every other call (EventSource could not send the workspace header). Abort with `signal`.
     */
    stream: (path: string, signal?: AbortSignal) =>
      request<ReadableStream<Uint8Array>>(path, { method: 'GET', responseType: 'stream', signal }),
  };
  return client;
}

/** The spec's default refresh call. */
export async function defaultRefresh(client: ApiClient): Promise<void> {
  await client.post('/auth/token/refresh');
}
