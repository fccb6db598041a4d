import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/infra/database';

/** The database the app would use with this environment (DATABASE_URL, or PGlite in DATA_DIR). */
export function openConfiguredDatabase(urlOverride?: string) {
  const config = loadConfig();
  const url = urlOverride ?? config.databaseUrl;
  return {
    config,
    where: url ? 'PostgreSQL' : `PGlite at ${config.pgliteDataDir}`,
    open: () =>
      url
        ? openDatabase({ kind: 'postgres', url, poolSize: 4 })
        : openDatabase({ kind: 'pglite', dataDir: config.pgliteDataDir }),
  };
}
