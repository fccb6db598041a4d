// The server's side of the public pages (ADR 021, ADR 024): renders a page with its data into
// HTML, and says what goes in the head. Built by `vite build --ssr` into dist/ssr and loaded by
// the server (src/server/infra/ssr.ts); the API requests the screens make while rendering are
// answered in-process by the server.
import { dehydrate, QueryClient, skipToken } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Technician } from '@shared/schemas/technicians';
import { AppRoutes } from './app/router';
import { Providers } from './app/providers';
import { matchScreen, notFoundScreen } from './app/routes';
import { pageMeta, type PageMeta } from './app/page-meta';
import { ApiError } from './lib/api-client';
import { QUERY_DEFAULTS } from './lib/query-client';

export type Rendered = {
  /** The page's markup for the root element, complete (every query it needed has settled). */
  html: AsyncIterable<Uint8Array | string>;
  /** The query data the page showed, for the browser's cache (JSON). */
  state: string;
  meta: PageMeta;
  /** 404 for an unknown address or when the page's subject does not exist. */
  status: number;
};

/** The screen module of a path (src/client/routes/<file>.tsx), for the server's preloads. */
export const screenFile = (pathname: string) => matchScreen(pathname)?.route.file ?? 'not-found';

/**
 * How the server answers a path: rendered with its data (a public page or an unknown address,
 * which gets the 404 screen), or the app shell (signed-in screens render in the browser).
 */
export const serverRendered = (pathname: string) => {
  const screen = matchScreen(pathname);
  return !screen || !!screen.route.ssr;
};

/**
 * The server's query client: a query the page renders suspends the render until it has settled
 * (React waits for it while the other parts of the page carry on), so its data is fetched once,
 * while rendering. A settled query no longer suspends: a failed one renders its error as the
 * browser would (no retry, no error boundary), and a disabled one is never fetched.
 */
function renderQueryClient() {
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const o = defaults(options);
    const query = client.getQueryCache().get(o.queryHash);
    // `enabled` may be a function of the query (typed for the query's own error type).
    const on = o.enabled as boolean | ((q: unknown) => boolean) | undefined;
    const enabled =
      o.queryFn !== skipToken && (typeof on === 'function' ? !query || on(query) : on !== false);
    const settled = !!query && query.state.status !== 'pending';
    return { ...o, retryOnMount: false, suspense: enabled && !settled };
  }) as typeof client.defaultQueryOptions;
  return client;
}

/** Renders `url` (path and query) with its data. */
export async function render(url: string, origin: string): Promise<Rendered> {
  const { pathname, searchParams } = new URL(url, origin);
  const screen = matchScreen(pathname);
  await (screen?.route.Screen ?? notFoundScreen).preload();
  const client = renderQueryClient();
  // A part that fails to render would be left for the browser to render (React's recovery);
  // the server reports it instead and sends the app shell.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <Providers client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
    {
      onError: (error) => void errors.push(error),
      // The whole page at once, in place: no part sent later with a script to move it in.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length) {
    client.clear();
    throw errors[0];
  }
  const technician =
    screen && screen.route.path.startsWith('/technician/')
      ? client.getQueryState<Technician>(['technicians', Number(screen.params.id)])
      : undefined;
  const notFound =
    !screen ||
    technician?.status === 'error' ||
    (screen.route.path.startsWith('/technician/') && !Number(screen.params.id));
  const meta = pageMeta({
    pathname,
    searchParams,
    origin,
    technician: technician?.data,
    unknownPage: !screen,
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
  return { html: prelude, state, meta, status: notFound ? 404 : 200 };
}
