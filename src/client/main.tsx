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

// Zod compiles a faster parser with `new Function` when it may; it tests that once, by trying,
// and under our CSP (script-src 'self', no 'unsafe-eval') that try is a violation the browser
// logs on every page. Told to stay without it before any of its code runs (its global settings
// live on globalThis, so the entry need not import it), Zod never tries.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless =
  true;

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
// libraries' evaluation, tailwind-merge's class map, the date formats, the app's own code, Zod
// and the shared schemas, then the screen.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const { warmClassMerge, warmDateFormats } = await import('./app/warm-up');
await nextTask();
warmClassMerge();
await nextTask();
// A rendered page that shows a date (reviews on a profile) formats it again as it hydrates.
if (files && document.querySelector('#root time')) {
  warmDateFormats();
  await nextTask();
}
const { boot } = await import('./boot');
if (files) {
  // Zod, then the shared code that builds its schemas, each evaluated in a task of its own.
  await nextTask();
  await import('./app/warm-zod');
  await nextTask();
  await import('./app/warm-shared');
  await nextTask();
}
await boot(release);
