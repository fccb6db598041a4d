import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { buildRelease } from './release';

// Bundles the server's own code; packages stay in node_modules (they are installed anyway).
const started = Date.now();
const release = buildRelease();
await build({
  // The server, and the admin:create, db:backup and db:restore commands (usable where only
  // dist/ and dependencies exist: the compose backup service runs dist/server/db-backup.js).
  entryPoints: {
    main: 'src/server/main.ts',
    'admin-create': 'src/server/admin-create.ts',
    'db-backup': 'scripts/db-backup.ts',
    'db-restore': 'scripts/db-restore.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  // main.ts starts tracing, then imports the server: with code splitting the server is a chunk
  // loaded by that import, and its packages' imports run only then. In one file, every package
  // import would be hoisted ahead of main.ts's code and loaded before the instrumentations.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  define: { __WRENCHLY_RELEASE__: JSON.stringify(release) },
  logLevel: 'warning',
});
// For the operator (e.g. to upload source maps under it) and the journeys: the release name.
writeFileSync('dist/server/release.txt', `${release}\n`);
console.log(
  `server built in ${Date.now() - started} ms -> dist/server/main.js, admin-create.js, db-backup.js, db-restore.js`,
);
