/**
 * Who the sign-in dialog speaks to: 'customer' where a customer comes from (a request's page, a
 * customer's screen), 'technician' otherwise. It sets the title and the account type Register
 * starts with. Its own module: the dialog and the context that loads it both name it, and the
 * dialog must not import the context that imports it.
 */
export type AuthAudience = 'technician' | 'customer';

/** Screens a customer reaches the dialog from (their requests, vehicles, the request form). */
const CUSTOMER_PATHS = /^\/(request-service|requests\/|my-requests|vehicles|quote-approval)/;

/** The audience of a dialog opened from a page that does not say: by the page's path. */
export const audienceOf = (pathname: string): AuthAudience =>
  CUSTOMER_PATHS.test(pathname) ? 'customer' : 'technician';
