import { Fragment, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app/app';
import { Hydrated } from './components/deferred';
import { countBoundaries, whenHydrated } from './lib/hydration';
import { matchScreen } from './app/routes';
import { SSR_STATE_ID } from '@shared/ssr';
import { ApiError } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

const isSentApiError = (v: unknown): v is { status: number; body: string } =>
  typeof v === 'object' && v !== null && (v as { apiError?: unknown }).apiError === true;

// Strict Mode's double renders and effect checks are for development; a production build runs
// each once.
const Mode = import.meta.env.DEV ? StrictMode : Fragment;

/**
 * Starts the app: hydrates the server's page (then does again what `replayEarlyEvents` held),
 * or renders a screen the server left to the browser.
 */
export async function boot(replayEarlyEvents: (() => void) | null) {
  const root = document.getElementById('root')!;
  const queryClient = createQueryClient();

  // A public page comes rendered from the server with the data it showed (ADR 021): the browser
  // takes over that markup instead of drawing the page again. Other screens start empty.
  const state = document.getElementById(SSR_STATE_ID);
  if (state && root.firstElementChild) {
    const dehydrated = JSON.parse(state.textContent || '{}', (_key, value: unknown) =>
      isSentApiError(value) ? new ApiError(value.status, value.body, '') : value,
    ) as DehydratedState;
    hydrate(queryClient, dehydrated);
    // What failed on the server (an unknown ZIP, a missing technician) is shown as the server
    // showed it, not fetched again as the page mounts.
    for (const q of dehydrated.queries)
      if (q.state.status === 'error')
        queryClient.setQueryDefaults(q.queryKey, { retryOnMount: false });
    // The screen's code is on its way already (modulepreload); hydrating waits for it so that the
    // first render is the server's markup, not a loading placeholder.
    await matchScreen(window.location.pathname)
      ?.route.Screen.preload()
      .catch(() => undefined);
    // The marks bracket hydration (the root's and every boundary's commit): the browser
    // journeys check it left the markup as it was. Then what was held meanwhile is done again.
    performance.mark('wrenchly:hydrate');
    whenHydrated(countBoundaries(root) + 1, () => {
      performance.mark('wrenchly:hydrated');
      replayEarlyEvents?.();
    });
    // In a transition, hydration is done in slices between which the browser paints and handles
    // input (an input that reaches React meanwhile hydrates what it needs at once).
    startTransition(() => {
      hydrateRoot(
        root,
        <Mode>
          <Hydrated>
            <App queryClient={queryClient} />
          </Hydrated>
        </Mode>,
        {
          // A difference between the server's markup and the browser's first render: React
          // renders the part again in the browser; the journeys fail on this message.
          onRecoverableError: (error, info) =>
            console.error('Hydration mismatch:', error, info.componentStack ?? ''),
        },
      );
    });
  } else {
    createRoot(root).render(
      <Mode>
        <App queryClient={queryClient} />
      </Mode>,
    );
  }
}
