import { build } from 'esbuild';

// Bundles the server's own code; packages stay in node_modules (they are installed anyway).
const started = Date.now();
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
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `server built in ${Date.now() - started} ms -> dist/server/main.js, admin-create.js, db-backup.js, db-restore.js`,
);
