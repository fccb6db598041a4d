import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../../config';
import { createBackup } from './backup';
import { restoreBackup } from './restore';
import { BackupError, type DatabaseLocation, type UploadsLocation } from './types';

/** The database and uploads the app would use with this configuration. */
export function locationsOf(config: AppConfig): {
  database: DatabaseLocation;
  uploads: UploadsLocation;
} {
  return {
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.pgliteDataDir },
    uploads: config.s3
      ? { kind: 's3', bucket: config.s3.bucket }
      : { kind: 'local', root: path.join(config.dataDir, 'uploads') },
  };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) total += (await stat(path.join(e.parentPath, e.name))).size;
  return total;
}

/** Standard output, as admin-create writes it (the server itself logs through pino). */
const say = (line: string) => process.stdout.write(`${line}\n`);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Runs one command; the exit status: 0 done, 1 refused or failed (with a message), 2 usage. */
async function run(usage: string, argv: string[], fn: (dir: string) => Promise<number>) {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  try {
    return await fn(path.resolve(args[0]!));
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

export const BACKUP_USAGE = `Usage: npm run db:backup -- <new folder>   (in production: node dist/server/db-backup.js <folder>)

Backs up the configured database (DATABASE_URL, or PGlite under DATA_DIR) and the uploaded
documents (DATA_DIR/uploads; with S3_BUCKET they stay in the bucket) into a new folder:
manifest.json, the database dump, uploads/. See docs/operations.md, 'Backups and restore'.`;

export const RESTORE_USAGE = `Usage: npm run db:restore -- <backup folder>   (in production: node dist/server/db-restore.js <folder>)

Restores a backup into the configured database, which must be EMPTY (a new PostgreSQL database,
or a new DATA_DIR for PGlite), and its documents into DATA_DIR/uploads, then compares every
table's row count with the manifest. See docs/operations.md, 'Backups and restore'.`;

export function backupCli(argv: string[]): Promise<number> {
  return run(BACKUP_USAGE, argv, async (dir) => {
    const { database, uploads } = locationsOf(loadConfig());
    const m = await createBackup({ dir, database, uploads });
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    say(
      `Backup written to ${dir} in ${(m.durationMs / 1000).toFixed(1)} s (${mb(await folderBytes(dir))})`,
    );
    say(
      `  database: ${m.database.kind} ${m.database.serverVersion}, migrations ${m.database.migrations.applied} (${m.database.migrations.last ?? 'unknown'}), ${Object.keys(m.tables).length} tables, ${rows} rows, dump ${mb(m.database.file.bytes)}`,
    );
    say(
      m.uploads.kind === 'local'
        ? `  uploads: ${m.uploads.files.length} files, ${mb(m.uploads.files.reduce((a, f) => a + f.bytes, 0))}`
        : `  uploads: in S3 bucket ${m.uploads.bucket}, not copied (${m.uploads.note})`,
    );
    return 0;
  });
}

export function restoreCli(argv: string[]): Promise<number> {
  return run(RESTORE_USAGE, argv, async (dir) => {
    const { database, uploads } = locationsOf(loadConfig());
    const r = await restoreBackup({ dir, database, uploads });
    say(
      `Restored ${dir} (taken ${r.manifest.createdAt}, version ${r.manifest.appVersion}) in ${(r.durationMs / 1000).toFixed(1)} s`,
    );
    say(`  ${'table'.padEnd(44)} ${'manifest'.padStart(9)} ${'restored'.padStart(9)}`);
    for (const t of r.tables)
      say(
        `  ${t.table.padEnd(44)} ${String(t.expected).padStart(9)} ${String(t.actual).padStart(9)}${t.expected === t.actual ? '' : '  MISMATCH'}`,
      );
    say(
      r.manifest.uploads.kind === 'local'
        ? `  uploads: ${r.filesRestored} files restored, checksums match`
        : `  uploads: in S3 bucket ${r.manifest.uploads.bucket} (not part of the backup)`,
    );
    if (r.mismatches.length) {
      console.error(
        `Row counts differ from the manifest in ${r.mismatches.length} tables: do not use this database`,
      );
      return 1;
    }
    say('Every table has the row count of the manifest.');
    return 0;
  });
}
