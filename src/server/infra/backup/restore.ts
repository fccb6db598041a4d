import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { countRows, isEmptyDir, listTables, sha256File, type Query } from './inspect';
import { libpqArgs, runTool } from './tools';
import {
  BackupError,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type BackupFile,
  type DatabaseLocation,
  type Manifest,
  type UploadsLocation,
} from './types';

export type RestoreOptions = {
  /** A folder written by createBackup. */
  dir: string;
  /** Must be empty: a restore never overwrites. */
  database: DatabaseLocation;
  uploads: UploadsLocation;
  pgRestore?: string;
};

export type TableCheck = { table: string; expected: number; actual: number };

export type RestoreResult = {
  manifest: Manifest;
  tables: TableCheck[];
  /** Tables whose row count differs from the manifest's (none when the restore is good). */
  mismatches: TableCheck[];
  filesRestored: number;
  durationMs: number;
};

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `No ${MANIFEST_FILE} in ${dir}: not a backup, or one that did not finish`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON`);
  }
  if (manifest?.format !== MANIFEST_FORMAT)
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)}: unknown format ${JSON.stringify(manifest?.format)} (expected ${MANIFEST_FORMAT})`,
    );
  return manifest;
}

async function verifyFile(root: string, file: BackupFile): Promise<void> {
  // Paths come from a file on disk: none may climb out of the backup.
  const full = path.resolve(root, file.path);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new BackupError(`The manifest names a file outside the backup: ${file.path}`);
  let sum: string;
  try {
    sum = await sha256File(full);
  } catch {
    throw new BackupError(`${file.path} is missing from the backup`);
  }
  if (sum !== file.sha256)
    throw new BackupError(`${file.path} does not match its checksum: the backup is damaged`);
}

/** Opens the target and answers its queries; `close` ends the connection. */
async function connect(
  target: DatabaseLocation,
): Promise<{ query: Query; close(): Promise<void> }> {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    try {
      await client.connect();
    } catch (err) {
      throw new BackupError(`Cannot connect to PostgreSQL: ${(err as Error).message}`);
    }
    return {
      query: async (sql) => (await client.query(sql)).rows,
      close: () => client.end(),
    };
  }
  const pglite = new PGlite({ dataDir: target.dataDir });
  await pglite.waitReady;
  return {
    query: async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows,
    close: () => pglite.close(),
  };
}

/**
 * Restores a backup into an EMPTY database (and an empty uploads folder), then checks every
 * table's row count against the manifest. Refuses, changing nothing, when either is not empty.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const dir = path.resolve(options.dir);
  const manifest = await readManifest(dir);
  const { database, uploads } = options;

  if (manifest.database.kind !== database.kind)
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it with DATABASE_URL unset'
        : 'This backup is of PostgreSQL: restore it with DATABASE_URL set to an empty database',
    );
  if (manifest.uploads.kind === 'local' && uploads.kind === 's3')
    throw new BackupError(
      'This backup holds the documents of local storage but S3_BUCKET is set: restore with ' +
        'S3_BUCKET unset, then copy DATA_DIR/uploads/documents/ into the bucket',
    );

  // Everything is checked before anything is written.
  await verifyFile(dir, manifest.database.file);
  const files = manifest.uploads.kind === 'local' ? manifest.uploads.files : [];
  const uploadsDir = manifest.uploads.kind === 'local' ? path.join(dir, manifest.uploads.dir) : dir;
  for (const f of files) await verifyFile(uploadsDir, f);
  await assertEmpty(database);
  if (uploads.kind === 'local' && files.length && !(await isEmptyDir(uploads.root)))
    throw new BackupError(
      `${uploads.root} already holds files: restore only into an empty uploads folder`,
    );

  const dump = path.join(dir, manifest.database.file.path);
  if (database.kind === 'postgres') {
    const { dbname, env } = libpqArgs(database.url);
    await runTool(
      options.pgRestore ?? 'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
  } else {
    await mkdir(database.dataDir, { recursive: true });
    try {
      const pglite = new PGlite({
        dataDir: database.dataDir,
        loadDataDir: new Blob([await readFile(dump)]),
      });
      await pglite.waitReady;
      await pglite.close();
    } catch (err) {
      // An unreadable tarball must not leave a half-built data dir that looks like a database.
      await rm(database.dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  if (uploads.kind === 'local') {
    for (const f of files) {
      const target = path.join(uploads.root, f.path);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(uploadsDir, f.path), target);
      await verifyFile(uploads.root, f);
    }
  }

  const db = await connect(database);
  let actual: Record<string, number>;
  try {
    actual = await countRows(db.query);
  } finally {
    await db.close();
  }
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(actual)])].sort();
  const tables = names.map((table) => ({
    table,
    expected: manifest.tables[table] ?? 0,
    actual: actual[table] ?? 0,
  }));
  return {
    manifest,
    tables,
    mismatches: tables.filter(
      (t) => t.expected !== t.actual || !(t.table in manifest.tables) || !(t.table in actual),
    ),
    filesRestored: files.length,
    durationMs: Date.now() - started,
  };
}

async function assertEmpty(database: DatabaseLocation): Promise<void> {
  if (database.kind === 'pglite') {
    if (!(await isEmptyDir(database.dataDir)))
      throw new BackupError(
        `${database.dataDir} is not empty: restore only into a new DATA_DIR (nothing was changed)`,
      );
    return;
  }
  const db = await connect(database);
  try {
    const tables = await listTables(db.query);
    if (tables.length)
      throw new BackupError(
        `The target database is not empty (${tables.length} tables, e.g. ${tables[0]}): ` +
          'restore only into a new, empty database (nothing was changed)',
      );
  } finally {
    await db.close();
  }
}
