// Shared by `npm start` and `npm run admin:create`: what is out of date, and rebuilding it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of the files under these paths (relative to the root). */
export function newest(paths) {
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

export const mtime = (p) =>
  existsSync(path.join(root, p)) ? statSync(path.join(root, p)).mtimeMs : 0;

/** Runs an npm script in the root; false when it failed. */
export function runScript(script, { quiet = false } = {}) {
  if (!quiet) console.log(`> npm run ${script}`);
  const r = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: process.env,
  });
  return r.status === 0 ? true : (r.status ?? 1);
}
