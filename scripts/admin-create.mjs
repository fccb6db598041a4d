// `npm run admin:create -- --username U --email E`: runs the built dist/server/admin-create.js,
// building the server first when it is missing or older than the sources (as `npm start` does).
// A production box that ships dist/ needs no dev dependencies for it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mtime, newest, root, runScript } from './build-freshness.mjs';

const out = 'dist/server/admin-create.js';
const built = mtime(out);
const sources = newest(['src/server', 'src/shared', 'scripts/build-server.ts']);
// Sources present and newer than the build (a development checkout): rebuild. A shipped dist/
// without sources is used as it is.
if (!built || (sources > built && existsSync(path.join(root, 'src/server')))) {
  const status = runScript('build:server', { quiet: true });
  if (status !== true) {
    console.error('admin:create: could not build the server (npm run build:server)');
    process.exit(status);
  }
}

await import(pathToFileURL(path.join(root, out)).href);
