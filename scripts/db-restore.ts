// `npm run db:restore -- DIR`: restores a backup into the configured, EMPTY database and checks
// every table's row count (src/server/infra/backup; docs/operations.md). Built to
// dist/server/db-restore.js as well.
import { restoreCli } from '../src/server/infra/backup/cli';

process.exit(await restoreCli(process.argv.slice(2)));
