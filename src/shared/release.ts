// Set by the builds (vite.config.ts, scripts/build-server.ts, vitest.config.ts) from
// scripts/release.ts; code run straight from the sources (tsx) has none.
declare const __WRENCHLY_RELEASE__: string | undefined;

/** This build's release, as error reports name it: wrenchly@<version>+<commit>. */
export const RELEASE: string =
  typeof __WRENCHLY_RELEASE__ === 'string' ? __WRENCHLY_RELEASE__ : 'wrenchly@dev';
