// Component and hook tests (`*.dom.test.tsx`, run in happy-dom, one file at a time): the app's
// providers around a hook, over a fetch that answers like the server from a table of routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export type ApiCall = { method: string; path: string; body: unknown };
/** An answer, or 'drop' for a request that gets none (no network). */
export type Answer = { status: number; body?: unknown } | 'drop';
export type Route = (call: ApiCall) => Answer | undefined;

/**
 * A fetch answering from `routes` (the first that answers wins; an unknown path is a 404), with
 * every call kept in `calls` in order.
 */
export function fakeApi(routes: Route[]) {
  const calls: ApiCall[] = [];
  const table = [...routes];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const answer = table.reduce<Answer | undefined>((found, r) => found ?? r(call), undefined) ?? {
      status: 404,
      body: { message: 'Not found' },
    };
    if (answer === 'drop') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    calls,
    /** The calls to one method and path (query string included when given). */
    to: (method: string, path: string) =>
      calls.filter(
        (c) => c.method === method && (c.path === path || c.path.startsWith(path + '?')),
      ),
    /** Puts a route first (a later answer replacing an earlier one). */
    answerFirst: (route: Route) => table.unshift(route),
  };
}

/** A route answering one method and path (query string ignored) with `answer`. */
export const route =
  (method: string, path: string, answer: Answer | ((call: ApiCall) => Answer)): Route =>
  (call) =>
    call.method === method && call.path.split('?')[0] === path
      ? typeof answer === 'function'
        ? answer(call)
        : answer
      : undefined;

/**
 * The app's router (in memory) and query cache (fresh, no retries) around what a test renders, inside the providers
 * `wrap` adds: for `render(ui, { wrapper })` and `renderHook(hook, { wrapper })`.
 */
export function appWrapper(wrap: (children: ReactNode) => ReactNode = (c) => c) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>{wrap(children)}</QueryClientProvider>
    </MemoryRouter>
  );
  return { wrapper, queryClient };
}
