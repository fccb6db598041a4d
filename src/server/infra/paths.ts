import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The project's root folder, found from this module whether it runs from src/ or dist/. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'wrenchly') {
      root = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the wrenchly project root');
    dir = parent;
  }
}

export const migrationsDir = () => path.join(projectRoot(), 'src/server/db/migrations');
export const clientDistDir = () => path.join(projectRoot(), 'dist/client');
