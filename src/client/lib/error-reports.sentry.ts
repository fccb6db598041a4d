// The error reports' browser side, a chunk of its own that only a page told a DSN downloads
// (lib/error-reports.ts). Named imports, so that the bundle keeps only what is used of the SDK
// (no session replay, feedback widget or tracing).
import { captureException, init } from '@sentry/react';
import { redactReport, REPORTS_COLLECT_NOTHING_PERSONAL } from '@shared/redaction';
import { RELEASE } from '@shared/release';

export { captureException };

/** Starts the SDK: its default integrations report uncaught errors and unhandled rejections. */
export function initSentry(dsn: string, environment: string | undefined): void {
  init({
    dsn,
    release: RELEASE,
    environment,
    // No personal data collected by the SDK (Sentry 11's form of sendDefaultPii: false).
    dataCollection: { ...REPORTS_COLLECT_NOTHING_PERSONAL, httpBodies: [] },
    // The same rules as the server's logs: no secrets, cookies, e-mails or phone numbers, no
    // tokens in the URLs of the page, its requests or its breadcrumbs.
    beforeSend: (event) => redactReport(event),
    beforeBreadcrumb: (crumb) => redactReport(crumb),
  });
}
