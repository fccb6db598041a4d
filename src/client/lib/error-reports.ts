import { ERROR_REPORTS_META } from '@shared/ssr';
import type * as SentryReporter from './error-reports.sentry';

type Reporter = typeof SentryReporter;

let reporter: Promise<Reporter | null> | null = null;

/**
 * Starts error reports when the server said where they go (a meta tag with the DSN: one build
 * serves any deployment). Without it nothing is loaded: the SDK is a chunk of its own, fetched
 * only here.
 */
export function startErrorReports(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${ERROR_REPORTS_META}"]`);
  const dsn = meta?.content;
  if (!dsn || reporter) return;
  reporter = import('./error-reports.sentry')
    .then((r) => {
      r.initSentry(dsn, meta.dataset.environment || undefined);
      return r;
    })
    // An ad blocker or a failed chunk download: the app works on without reports.
    .catch(() => null);
}

/** Reports an error a React error boundary caught (uncaught ones are reported on their own). */
export function reportRenderError(error: unknown, componentStack?: string | null): void {
  void reporter?.then((r) =>
    r?.captureException(error, {
      contexts: { react: { componentStack: componentStack ?? '' } },
      tags: { mechanism: 'react.error-boundary' },
    }),
  );
}
