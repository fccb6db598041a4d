// `npm run db:backup -- DIR`: backs up the configured database and the uploads into DIR
// (src/server/infra/backup; docs/operations.md). Built to dist/server/db-backup.js as well.
import { backupCli } from '../src/server/infra/backup/cli';

process.exit(await backupCli(process.argv.slice(2)));
