import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The release the builds write into the server and the browser code (error reports group by
 * it): the package's version, and the commit when one is known (GIT_COMMIT, e.g. a Docker build
 * argument, or the checkout's HEAD).
 */
export function buildRelease(): string {
  const { version } = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  let commit = process.env.GIT_COMMIT?.trim();
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    } catch {
      commit = undefined; // no git, or not a checkout (a Docker build context)
    }
  }
  return commit ? `wrenchly@${version}+${commit.slice(0, 12)}` : `wrenchly@${version}`;
}
