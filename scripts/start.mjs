// `npm start`: builds what is missing or out of date, then serves API and client in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mtime, newest, root, runScript } from './build-freshness.mjs';

process.chdir(root);

function run(script) {
  const status = runScript(script);
  if (status !== true) process.exit(status);
}

const shared = newest(['src/shared', 'package.json', 'tsconfig.json']);
const clientOut = 'dist/client/index.html';
// The browser build and the public pages' server entry (dist/ssr) are built together.
const clientBuilt = Math.min(mtime(clientOut), mtime('dist/ssr/entry-server.js'));
if (clientBuilt < Math.max(shared, newest(['src/client', 'vite.config.ts']))) run('build:client');
const serverOut = 'dist/server/main.js';
if (mtime(serverOut) < Math.max(shared, newest(['src/server', 'scripts/build-server.ts'])))
  run('build:server');

await import(pathToFileURL(path.join(root, serverOut)).href);
