// `npm start`: builds what is missing or out of date, then serves API and client in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

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
  paths.forEach(walk);
  return max;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function run(script) {
  console.log(`> npm run ${script}`);
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = newest(['src/shared', 'package.json', 'tsconfig.json']);
const clientOut = 'dist/client/index.html';
if (mtime(clientOut) < Math.max(shared, newest(['src/client', 'vite.config.ts'])))
  run('build:client');
const serverOut = 'dist/server/main.js';
if (mtime(serverOut) < Math.max(shared, newest(['src/server', 'scripts/build-server.ts'])))
  run('build:server');

await import(pathToFileURL(path.join(root, serverOut)).href);
