/** The id of the JSON block holding a server-rendered page's query data (not a script: CSP). */
export const SSR_STATE_ID = 'wrenchly-state';
/** The shell's empty root element, which the server fills with the rendered page. */
export const SSR_ROOT = '<div id="root"></div>';
