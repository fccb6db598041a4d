import { SSR_FILES_ID } from '@shared/ssr';
import { holdEarlyEvents } from './app/early-events';
import { startErrorReports } from './lib/error-reports';
import './styles.css';

/**
 * Resolves once the browser has shown the page's first content (its paint timing entry), or
 * after a frame where paint timing is not available; at the latest after 3 s (a page opened in
 * a background tab is painted only when shown, and its app starts after that time anyway).
 */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    const timer = setTimeout(done, 3000);
    observer.observe({ type: 'paint', buffered: true });
  });
}

// The browser's entry. A public page arrives rendered by the server, with its styles: it is
// painted first, then the app's code is fetched (the page lists the files) and takes it over.
// Clicks, typing and choices made before the page is live are held and done again once it is.
// A screen the server left to the browser starts at once (the shell preloads the app).
// Error reports (when the server gives a DSN) load beside the app, never ahead of it.
startErrorReports();
const files = document.getElementById(SSR_FILES_ID);
const release = files ? holdEarlyEvents() : null;
if (files) {
  await painted();
  for (const href of JSON.parse(files.textContent || '[]') as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
// Starting the app in steps, each its own task, so that none blocks input for long: the
// libraries' evaluation, tailwind-merge's class map, then the app's own code.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const { warmClassMerge } = await import('./app/warm-up');
await nextTask();
warmClassMerge();
await nextTask();
const { boot } = await import('./boot');
await boot(release);
