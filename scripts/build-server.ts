import { build } from 'esbuild';

// Bundles the server's own code; packages stay in node_modules (they are installed anyway).
const started = Date.now();
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built in ${Date.now() - started} ms -> dist/server/main.js`);
