import { existsSync } from 'node:fs';

/**
 * Which Chromium the journeys run, shared by the config and the specs that need the full
 * browser. Never a downloaded one: Debian's packages (or CHROMIUM_PATH).
 */

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The full browser (package chromium): it has the push service. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs
 * headless) when installed: it renders the same pages with about half the CPU of the full browser
 * in headless mode (measured: 1.4 s against 3.0 s of CPU to load the home page), but it has no
 * push service.
 */
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : FULL_CHROMIUM);

/** `test.use()` of the specs about push: the full browser, its service worker allowed. */
export const PUSH_CAPABLE = {
  launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS },
  serviceWorkers: 'allow',
} as const;
