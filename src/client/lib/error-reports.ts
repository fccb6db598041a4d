import { RELEASE } from '@shared/release';
import { ERROR_REPORTS_META } from '@shared/ssr';

type Sentry = typeof import('@sentry/react');

let sentry: Promise<Sentry | null> | null = null;

/**
 * Starts error reports when the server said where they go (a meta tag with the DSN: one build
 * serves any deployment). Without it nothing is loaded: @sentry/react is its own chunk, fetched
 * only here. Uncaught errors and unhandled rejections are caught by its global handlers.
 */
export function startErrorReports(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${ERROR_REPORTS_META}"]`);
  const dsn = meta?.content;
  if (!dsn || sentry) return;
  sentry = Promise.all([import('@sentry/react'), import('@shared/redaction')])
    .then(([Sentry, { redactReport, REPORTS_COLLECT_NOTHING_PERSONAL }]) => {
      Sentry.init({
        dsn,
        release: RELEASE,
        environment: meta.dataset.environment || undefined,
        // No personal data collected by the SDK (Sentry 11's form of sendDefaultPii: false).
        dataCollection: { ...REPORTS_COLLECT_NOTHING_PERSONAL, httpBodies: [] },
        // The same rules as the server's logs: no secrets, cookies, e-mails or phone numbers,
        // no tokens in the URLs of the page, its requests or its breadcrumbs.
        beforeSend: (event) => redactReport(event),
        beforeBreadcrumb: (crumb) => redactReport(crumb),
      });
      return Sentry;
    })
    // An ad blocker or a failed chunk download: the app works on without reports.
    .catch(() => null);
}

/** Reports an error a React error boundary caught (uncaught ones are reported on their own). */
export function reportRenderError(error: unknown, componentStack?: string | null): void {
  void sentry?.then((Sentry) =>
    Sentry?.captureException(error, {
      contexts: { react: { componentStack: componentStack ?? '' } },
      tags: { mechanism: 'react.error-boundary' },
    }),
  );
}
