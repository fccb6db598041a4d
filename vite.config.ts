import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/client/pwa-manifest';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The API runs on its own port in development (scripts/dev.ts); Vite proxies /api to it.
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [
    react(),
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
    alias: {
      '@shared': r('./src/shared'),
      '@client': r('./src/client'),
    },
  },
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
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|tailwind-merge|clsx|class-variance-authority)[\\/]/,
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
