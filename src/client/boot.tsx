import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app';
import { holdEarlyEvents } from './app/early-events';
import { matchScreen } from './app/routes';
import { SSR_STATE_ID } from '@shared/ssr';
import { ApiError } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const isSentApiError = (v: unknown): v is { status: number; body: string } =>
  typeof v === 'object' && v !== null && (v as { apiError?: unknown }).apiError === true;

// Effects (focus moving into a dialog, its Escape key listener, ...) run in the task after a
// render, as React's do, instead of Preact's default of after the next frame (up to 35 ms, and
// longer in a background tab): a dialog answers its keys as soon as it shows (ADR 023).
const channel = new MessageChannel();
const effectQueue: (() => void)[] = [];
channel.port1.onmessage = () => effectQueue.shift()?.();
options.requestAnimationFrame = (callback) => {
  effectQueue.push(callback);
  channel.port2.postMessage(null);
};

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
  // The screen's code is on its way already (modulepreload); hydrating waits for it so that the
  // first render is the server's markup, not a loading placeholder. Meanwhile clicks, typing and
  // choices on that markup are held and done again once the page is live.
  const replayEarlyEvents = holdEarlyEvents();
  await matchScreen(window.location.pathname)
    ?.route.Screen.preload()
    .catch(() => undefined);
  // The marks bracket hydration: the browser journeys check the markup was not changed by it.
  performance.mark('wrenchly:hydrate');
  hydrateRoot(root, app);
  performance.mark('wrenchly:hydrated');
  replayEarlyEvents();
} else {
  createRoot(root).render(app);
}
