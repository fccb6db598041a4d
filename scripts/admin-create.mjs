// `npm run admin:create -- --username U --email E`: runs the built dist/server/admin-create.js,
// building the server first when it is missing or older than the sources (as `npm start` does).
// A production box that ships dist/ needs no dev dependencies for it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) walk(path.join(p, entry));
    } else if (s.mtimeMs > max) {
      max = s.mtimeMs;
    }
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return max;
}

const out = path.join(root, 'dist/server/admin-create.js');
const built = existsSync(out) ? statSync(out).mtimeMs : 0;
const sources = newest(['src/server', 'src/shared', 'scripts/build-server.ts']);
// Sources present and newer than the build (a development checkout): rebuild. A shipped dist/
// without sources is used as it is.
if (!built || (sources > built && existsSync(path.join(root, 'src/server')))) {
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (r.status !== 0) {
    console.error('admin:create: could not build the server (npm run build:server)');
    process.exit(r.status ?? 1);
  }
}

await import(pathToFileURL(out).href);
