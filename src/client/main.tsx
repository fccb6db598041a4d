import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app';
import { matchScreen } from './app/routes';
import { SSR_STATE_ID } from './app/ssr-contract';
import { ApiError } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const isSentApiError = (v: unknown): v is { status: number; body: string } =>
  typeof v === 'object' && v !== null && (v as { apiError?: unknown }).apiError === true;

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A public page comes rendered from the server with the data it showed (issue 16): the browser
// takes over that markup instead of drawing the page again. Other screens start empty.
const state = document.getElementById(SSR_STATE_ID);
if (state && root.firstElementChild) {
  hydrate(
    queryClient,
    JSON.parse(state.textContent || '{}', (_key, value: unknown) =>
      isSentApiError(value) ? new ApiError(value.status, value.body, '') : value,
    ),
  );
  // The screen's code is on its way already (modulepreload). Waiting for it here, in the
  // module's own evaluation, keeps the page's load event until the page is hydrated: a click on
  // the server's markup before that would find no handler.
  await matchScreen(window.location.pathname)
    ?.route.Screen.preload()
    .catch(() => undefined);
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.error('Hydration fell back to rendering:', error),
  });
} else {
  createRoot(root).render(app);
}
