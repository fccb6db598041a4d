// The libraries every screen runs, imported ahead of the app so that the browser evaluates them
// in a task of their own (main.tsx): each step of starting the app stays short.
import { twMerge } from 'tailwind-merge';
import 'react-dom/client';

/** tailwind-merge builds its class map on its first call: done here, not while hydrating. */
export const warmClassMerge = () => void twMerge('p-0 p-1');

/**
 * The service area's zone, which dates are shown in (lib/dates.ts). Written out rather than
 * imported, so that this file stays apart from the app's code.
 */
export const DATE_ZONE = 'America/New_York';

/**
 * The browser's first date formatter loads the locale's and the zone database's data: ~10 ms on
 * a desktop, several times that on a phone; the next ones, any zone or fields, take a fraction
 * of a millisecond. Done in a task of its own before hydrating a page that shows a date, not in
 * the middle of rendering it.
 */
export function warmDateFormats() {
  // eslint-disable-next-line no-restricted-syntax -- loads the data; shows nothing
  new Intl.DateTimeFormat('en-US', { timeZone: DATE_ZONE, year: 'numeric' }).format(0);
}
