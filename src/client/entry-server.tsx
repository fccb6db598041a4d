// The server's side of the public pages (issue 16, ADR 021): renders a page with its data into
// HTML, and says what goes in the head. Built by `vite build --ssr` into dist/ssr and loaded by
// the server (src/server/plugins/ssr.ts); the API requests the screens make while rendering are
// answered in-process by the server.
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Technician } from '@shared/schemas/technicians';
import { AppRoutes } from './app/router';
import { Providers } from './app/providers';
import { matchScreen } from './app/routes';
import { pageMeta, type PageMeta } from './app/page-meta';
import { ApiError } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

export type Rendered = {
  /** The page's markup for the root element. */
  html: string;
  /** The query data the page showed, for the browser's cache (JSON). */
  state: string;
  meta: PageMeta;
  /** 404 when the page's subject does not exist (an unknown technician). */
  status: number;
};

/** The screen module of a path (src/client/routes/<file>.tsx), for the server's preloads. */
export const screenFile = (pathname: string) => matchScreen(pathname)?.route.file;

/** Whether a path is a page the server renders. */
export const isServerRendered = (pathname: string) => !!matchScreen(pathname)?.route.ssr;

function enabled(query: Query): boolean {
  const e = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof e === 'function' ? e(query) : e !== false;
}

const waiting = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));

/**
 * Renders `url` (path and query). The screens ask for their data as they render; each pass
 * fetches what the previous one asked for, until a pass asks for nothing new (at most 3).
 */
export async function render(url: string, origin: string): Promise<Rendered> {
  const { pathname, searchParams } = new URL(url, origin);
  const screen = matchScreen(pathname);
  await screen?.route.Screen.preload();
  const client = createQueryClient();
  const page = () =>
    renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </StrictMode>,
    );
  let html = page();
  for (let pass = 0; pass < 3; pass++) {
    const pending = waiting(client);
    if (!pending.length) break;
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
    html = page();
  }
  const technician =
    screen && screen.route.path.startsWith('/technician/')
      ? client.getQueryState<Technician>(['technicians', Number(screen.params.id)])
      : undefined;
  const notFound =
    technician?.status === 'error' ||
    (screen?.route.path.startsWith('/technician/') && !Number(screen.params.id));
  const meta = pageMeta({
    pathname,
    searchParams,
    origin,
    technician: technician?.data,
  });
  // Failed queries travel too, so that the browser's first render matches (an unknown ZIP's
  // message, a missing technician); their errors are revived as ApiErrors (main.tsx).
  const state = JSON.stringify(
    dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
      shouldRedactErrors: () => false,
    }),
    (_key, value: unknown) =>
      value instanceof ApiError
        ? { apiError: true, status: value.status, body: value.body, message: value.message }
        : value,
  );
  client.clear();
  return { html, state, meta, status: notFound ? 404 : 200 };
}
