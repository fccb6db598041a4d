import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lucideIcons } from './scripts/vite-lucide-icons';
import { preloadApp } from './scripts/vite-preload-app';
import { PUBLIC_SCREENS } from './src/client/app/public-screens';
import { buildRelease } from './scripts/release';
import { webAppManifest } from './src/client/pwa-manifest';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Whether a module is imported, through static imports only, by one of `roots`: by the browser
// entry, the code every page downloads before it runs; by a public page's screen, the code
// that page needs before it is live.
function staticallyImportedBy(roots: (id: string) => boolean) {
  const known = new Map<string, boolean>();
  return (id: string, ctx: ChunkingContext): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const seen = new Set<string>();
    const reaches = (m: string): boolean => {
      if (roots(m) || known.get(m) === true) return true;
      if (seen.has(m) || known.get(m) === false) return false;
      seen.add(m);
      return (ctx.getModuleInfo(m)?.importers ?? []).some(reaches);
    };
    const result = reaches(id);
    // A search that found no way up went through all importers of every module it saw: none
    // of them has a way either.
    if (result) known.set(id, true);
    else for (const m of seen) known.set(m, false);
    return result;
  };
}

// The app's start (boot.tsx, which the entry imports once the server's page is painted) stays
// out of the shell chunk: it waits for the screen's chunk, which imports the shell; were it in
// it, each would wait for the other and the page would never start. (Libraries other than the runtime's are left to the bundler: a
// package's index re-exports modules nobody uses.)
const ownCode = /[\\/]src[\\/](client|shared)[\\/]/;
const entryOf = (id: string) => /[\\/]src[\\/]client[\\/]boot\.tsx$/.test(id);
const loadedByEntry = staticallyImportedBy(entryOf);
const publicScreen = new RegExp(
  String.raw`[\\/]src[\\/]client[\\/]routes[\\/](${PUBLIC_SCREENS.filter((s) => s !== 'contact-us').join('|')})\.tsx$`,
);
// An icon module and its helpers (not the package's indexes: see scripts/vite-lucide-icons.ts).
const lucideIcon =
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!lucide-react\.mjs|icons[\\/]index\.mjs)/;
const loadedByPublicScreen = staticallyImportedBy((id) => publicScreen.test(id));
const sharedCode = /[\\/]src[\\/]shared[\\/]/;

// The API runs on its own port in development (scripts/dev.ts); Vite proxies /api to it.
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  // The release error reports name (src/shared/release.ts).
  define: { __WRENCHLY_RELEASE__: JSON.stringify(buildRelease()) },
  publicDir: r('./src/client/public'),
  plugins: [
    // JSX, and Fast Refresh for hot updates in development.
    react(),
    lucideIcons(),
    preloadApp([
      /[\\/]src[\\/]client[\\/]boot\.tsx$/,
      /[\\/]src[\\/]client[\\/]app[\\/]warm-(up|zod|shared)\.ts$/,
    ]),
    tailwindcss(),
    // The service worker (src/client/sw.ts) precaches the built app shell; the page registers it
    // itself (features/pwa, prompt mode: a new version waits until the user reloads).
    VitePWA({
      // The service worker belongs to the browser build (the server entry gets no-op modules).
      disable: !!isSsrBuild,
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The analytics screen and its charts (recharts, ~120 kB gzipped) need the network for
        // their figures anyway: not precached, so installing the app does not fetch them.
        globIgnores: ['**/analytics-*.js'],
      },
      // No service worker under the dev server: Vite's modules change on every save.
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: r('./src/shared') },
      { find: '@client', replacement: r('./src/client') },
    ],
  },
  // The server entry bundles its libraries: dist/ssr runs without resolving node_modules.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the public pages' server entry, loaded by the server (ADR 021).
        outDir: r('./dist/ssr'),
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: { input: r('./src/client/entry-server.tsx') },
        copyPublicDir: false,
      }
    : {
        outDir: r('./dist/client'),
        emptyOutDir: true,
        sourcemap: !!process.env.SOURCEMAP,
        chunkSizeWarningLimit: 900,
        // The server reads which chunks a screen needs, to preload them with its HTML.
        manifest: true,
        rolldownOptions: {
          // Building a Zod schema has no effect but the schema: one the browser's code never uses
          // (a server route's body, an error shape) is left out, not built as the page loads.
          // The shared schema builders (src/shared/schemas) are named with `z`. (A call made for
          // its effect, such as `z.config(...)`, would be dropped too: the browser's code makes
          // none; main.tsx sets Zod's one setting without it.)
          treeshake: {
            manualPureFunctions: [
              'z',
              'dbId',
              'dbIdNumber',
              'pageNumber',
              'safeText',
              'isoDate',
              'requiredText',
              'phoneSchema',
              'optionalPhoneSchema',
              'requiredPhoneSchema',
            ],
          },
          output: {
            // The runtime every page needs, in one file instead of dozens of small ones: on a
            // phone's connection each extra request costs a round trip.
            codeSplitting: {
              groups: [
                // The module loader's helpers (Rolldown's runtime, Vite's preload helper): the
                // entry needs them to load the app without evaluating it.
                {
                  name: 'loader',
                  test: /^\0?(rolldown[\\/]runtime|vite[\\/]preload-helper)/,
                  priority: 5,
                },
                {
                  name: 'runtime',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|tailwind-merge|clsx|class-variance-authority)[\\/]/,
                  priority: 4,
                },
                // Zod, and the shared code the public pages use (its schemas run Zod as they load):
                // files of their own, which the entry evaluates a task each before the screen
                // (main.tsx). In the public chunk, evaluating them made one long task.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
                // Our code every page runs (what boot.tsx imports, directly or not): one file
                // instead of ~25 small ones. Screens, dialogs and the rest stay lazy.
                {
                  debugName: 'shell',
                  name: (id, ctx) =>
                    ownCode.test(id) && !entryOf(id) && loadedByEntry(id, ctx) ? 'shell' : null,
                  priority: 2,
                },
                {
                  debugName: 'shared',
                  name: (id, ctx) =>
                    sharedCode.test(id) && loadedByPublicScreen(id, ctx) ? 'shared' : null,
                  priority: 1,
                },
                // What the public pages' screens import (forms, cards, icons, the results list):
                // one file instead of ~20 small ones, each a round trip on a phone's first
                // visit. The screens themselves stay one chunk each.
                {
                  debugName: 'public',
                  name: (id, ctx) =>
                    (ownCode.test(id) || lucideIcon.test(id)) &&
                    !publicScreen.test(id) &&
                    loadedByPublicScreen(id, ctx)
                      ? 'public'
                      : null,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/dev': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/files': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
}));
