import { isNetworkError, reportNetworkFailure, reportReachable } from './connectivity';

/**
 * The one API client: credentials included, JSON bodies, and a non-OK response becomes an Error
 * whose message is 'status: body' (or the status text when the body is empty). Whether requests
 * get an answer feeds `connectivity` (the offline point of sale reads it).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is one. */
  get serverMessage(): string | undefined {
    return messageFromBody(this.body);
  }
}

function messageFromBody(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown } | null;
    return typeof parsed?.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's message from an error thrown by the client ('status: {"message": ...}'),
 * or the fallback when there is none (network failure, HTML error page, empty body).
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
    if (match?.[1]) return messageFromBody(match[1]) ?? fallback;
  }
  return fallback;
}

async function throwIfNotOk(res: Response) {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return (await res.text()) as T;
}

/** The browser's fetch, looked up at each call (tests and tools replace it). */
const browserFetch: typeof fetch = (input, init) => fetch(input, init);

/** fetch, telling `connectivity` whether the server answered. */
async function send(fetchImpl: typeof fetch, url: string, init?: RequestInit) {
  try {
    const res = await fetchImpl(url, init);
    reportReachable();
    return res;
  } catch (err) {
    if (isNetworkError(err)) reportNetworkFailure();
    throw err;
  }
}

/** A JSON request: the parsed body of a 2xx answer; an ApiError otherwise. */
export type ApiRequest = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;

/** The API client over this fetch (tests pass their own; the app uses the browser's). */
export function createApiRequest(fetchImpl: typeof fetch = browserFetch): ApiRequest {
  return async <T>(method: string, url: string, body?: unknown) => {
    const res = await send(fetchImpl, url, {
      method,
      credentials: 'include',
      headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    await throwIfNotOk(res);
    return parse<T>(res);
  };
}

export const apiRequest: ApiRequest = createApiRequest();

export const getJson = <T>(url: string) => apiRequest<T>('GET', url);

/** GET returning the JSON body and the X-Total-Count header. */
export async function getPage<T>(url: string): Promise<{ items: T; total: number }> {
  const res = await send(browserFetch, url, { credentials: 'include' });
  await throwIfNotOk(res);
  const items = await parse<T>(res);
  return { items, total: Number(res.headers.get('x-total-count') ?? 0) };
}

/** GET returning the JSON body with the response headers (totals sent beside a list). */
export async function getJsonWithHeaders<T>(url: string): Promise<{ data: T; headers: Headers }> {
  const res = await send(browserFetch, url, { credentials: 'include' });
  await throwIfNotOk(res);
  return { data: await parse<T>(res), headers: res.headers };
}

type On401 = 'returnNull' | 'throw';

/**
 * A GET query function for TanStack Query. By default a 401 fails like any other error;
 * `on401: 'returnNull'` treats "not signed in" as no data. The URL is `url` when given,
 * otherwise the query key's string parts joined by '/' (keys like ['<endpoint>', id]).
 */
export function getQueryFn<T>({ on401, url }: { on401: On401; url?: string }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const target = url ?? queryKey.filter((k) => typeof k === 'string').join('/');
    const res = await send(browserFetch, target, { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return parse<T>(res);
  };
}
