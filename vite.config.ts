import { fileURLToPath } from 'node:url';
import preactPreset from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/client/pwa-manifest';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// React's API, served by Preact (ADR 023): the same components and libraries at a sixth of the
// runtime's size (issue 16: initial JS of a public page at most 100 kB gzip).
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// Whether a module is imported, through static imports only, by the browser entry: the code
// every page downloads before it runs. The entry itself stays out of the shared chunk: it waits
// (top-level await) for the screen's chunk, which imports the shared chunk; were the entry in
// it, each would wait for the other and the page would never start.
// (Libraries are left to the bundler: a package's index re-exports modules nobody uses.)
const ownCode = /[\\/]src[\\/](client|shared)[\\/]/;
const entryOf = (id: string) => /[\\/]src[\\/]client[\\/]main\.tsx$/.test(id);
const initial = new Map<string, boolean>();
function loadedByEntry(id: string, ctx: ChunkingContext): boolean {
  const known = initial.get(id);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const reaches = (m: string): boolean => {
    if (entryOf(m) || initial.get(m) === true) return true;
    if (seen.has(m) || initial.get(m) === false) return false;
    seen.add(m);
    return (ctx.getModuleInfo(m)?.importers ?? []).some(reaches);
  };
  const result = reaches(id);
  // A search that found no way up to the entry went through all importers of every module it
  // saw: none of them has a way either.
  if (result) initial.set(id, true);
  else for (const m of seen) initial.set(m, false);
  return result;
}

// The API runs on its own port in development (scripts/dev.ts); Vite proxies /api to it.
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [
    // JSX for Preact, and Prefresh for hot updates in development; the aliases are ours (above).
    preactPreset({ reactAliasesEnabled: false }),
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
      ...preact,
      { find: '@shared', replacement: r('./src/shared') },
      { find: '@client', replacement: r('./src/client') },
    ],
  },
  // The server entry bundles its libraries so that their `react` imports reach Preact too.
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
        sourcemap: false,
        chunkSizeWarningLimit: 900,
        // The server reads which chunks a screen needs, to preload them with its HTML.
        manifest: true,
        rolldownOptions: {
          output: {
            // The runtime every page needs, in one file instead of dozens of small ones: on a
            // phone's connection each extra request costs a round trip (issue 16).
            codeSplitting: {
              groups: [
                {
                  name: 'runtime',
                  test: /node_modules[\\/](preact|react-router|@tanstack[\\/](react-query|query-core)|tailwind-merge|clsx|class-variance-authority)[\\/]/,
                  priority: 2,
                },
                // Our code every page runs (what main.tsx imports, directly or not): one file
                // instead of ~25 small ones. Screens, dialogs and the rest stay lazy.
                {
                  name: (id, ctx) =>
                    ownCode.test(id) && !entryOf(id) && loadedByEntry(id, ctx) ? 'shell' : null,
                  priority: 1,
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
