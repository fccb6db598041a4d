/** The id of the JSON block holding a server-rendered page's query data (not a script: CSP). */
export const SSR_STATE_ID = 'wrenchly-state';
/** The shell's empty root element, which the server fills with the rendered page. */
export const SSR_ROOT = '<div id="root"></div>';
/**
 * The id of the JSON block listing the files a server-rendered page's app needs (the app's
 * start and the screen's code): the entry asks for them once the page is painted.
 */
export const SSR_FILES_ID = 'wrenchly-files';
/**
 * The meta tag the server writes into every page when error reports are on (SENTRY_DSN): its
 * content is the DSN, `data-environment` the environment. One build serves any deployment.
 */
export const ERROR_REPORTS_META = 'wrenchly-error-reports';
