/**
 * Paths the server answers itself (the API, the demo mailbox, stored files): a navigation to
 * one goes to the network, never to the app shell.
 */
export const SERVER_PATHS: RegExp[] = [/^\/api(\/|$)/, /^\/dev(\/|$)/, /^\/files(\/|$)/];

/** Whether a navigation to `pathname` is a screen of the app (served from the app shell). */
export const isAppNavigation = (pathname: string) => !SERVER_PATHS.some((p) => p.test(pathname));
