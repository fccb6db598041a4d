/** The id of the JSON block holding the server-rendered page's query data (not a script: CSP). */
export const SSR_STATE_ID = 'wrenchly-state';
/** Where the server puts the rendered page, and the head tags it adds. */
export const SSR_ROOT_MARKER = '<div id="root"></div>';
