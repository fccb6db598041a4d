import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  appVersion,
  countRows,
  isEmptyDir,
  listFiles,
  migrationLevel,
  sha256File,
  type Query,
} from './inspect';
import { libpqArgs, runTool } from './tools';
import {
  BackupError,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  UPLOADS_DIR,
  type BackupFile,
  type DatabaseLocation,
  type Manifest,
  type UploadsLocation,
} from './types';

export type BackupOptions = {
  /** A new or empty folder; the manifest is written last, so a folder with one is complete. */
  dir: string;
  database: DatabaseLocation;
  uploads: UploadsLocation;
  /** pg_dump's command name or path. */
  pgDump?: string;
  now?: () => Date;
};

type DatabaseDump = Pick<Manifest, 'database' | 'tables'>;

const S3_NOTE =
  'Documents stay in the S3 bucket and are not in this backup: keep versioning (and a ' +
  'lifecycle rule for old versions) on the bucket; it is their backup.';

/**
 * Writes a backup of the database and the uploaded documents into `dir`. It runs beside a live
 * application on PostgreSQL: the dump and the row counts come from one exported snapshot.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const dir = path.resolve(options.dir);
  if (!(await isEmptyDir(dir)))
    throw new BackupError(`${dir} is not empty: give each backup a new folder`);
  await mkdir(dir, { recursive: true });
  try {
    const createdAt = now().toISOString();
    const dump =
      options.database.kind === 'postgres'
        ? await dumpPostgres(options.database.url, dir, options.pgDump ?? 'pg_dump')
        : await dumpPglite(options.database.dataDir, dir);
    // After the database: every document its snapshot knows of was committed (renamed into
    // place) before it, so its file is there to copy.
    const uploads: Manifest['uploads'] =
      options.uploads.kind === 's3'
        ? { kind: 's3', bucket: options.uploads.bucket, note: S3_NOTE }
        : {
            kind: 'local',
            dir: UPLOADS_DIR,
            files: await copyTree(options.uploads.root, path.join(dir, UPLOADS_DIR)),
          };
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt,
      appVersion: appVersion(),
      ...dump,
      uploads,
      durationMs: Date.now() - started,
    };
    await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (err) {
    // Nothing half-written is left to be mistaken for a backup.
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function describeFile(dir: string, name: string): Promise<BackupFile> {
  const file = path.join(dir, name);
  return { path: name, bytes: (await stat(file)).size, sha256: await sha256File(file) };
}

async function dumpPostgres(url: string, dir: string, pgDump: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to PostgreSQL: ${(err as Error).message}`);
  }
  try {
    const query: Query = async (sql) => (await client.query(sql)).rows;
    // pg_dump joins this transaction's snapshot, so the counts describe exactly the dump.
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await query('select pg_export_snapshot() as snapshot')) as [
      { snapshot: string },
    ];
    const tables = await countRows(query);
    const migrations = await migrationLevel(query);
    const serverVersion = String((await query('show server_version'))[0]?.server_version ?? '');
    const name = 'database.pgdump';
    const { dbname, env } = libpqArgs(url);
    await runTool(
      pgDump,
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${path.join(dir, name)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    return {
      database: {
        kind: 'postgres',
        file: await describeFile(dir, name),
        serverVersion,
        migrations,
      },
      tables,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function dumpPglite(dataDir: string, dir: string): Promise<DatabaseDump> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`No embedded database at ${dataDir} (DATA_DIR/pg): nothing to back up`);
  // PGlite keeps this file while an instance has the folder open (and after a crash). Two
  // processes on one PGlite folder corrupt it, so the backup never opens one in use.
  if (existsSync(path.join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `The embedded database at ${dataDir} is open in a running Wrenchly (PGlite serves one ` +
        'process): stop the app, back up, start it again. Live backups need PostgreSQL ' +
        '(DATABASE_URL). If no app is running, it stopped uncleanly: start and stop it once.',
    );
  const pglite = new PGlite({ dataDir });
  await pglite.waitReady;
  try {
    const { tables, migrations, serverVersion } = await pglite.transaction(async (tx) => {
      await tx.exec('set transaction isolation level repeatable read read only');
      const q: Query = async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows;
      return {
        tables: await countRows(q),
        migrations: await migrationLevel(q),
        serverVersion: String((await q('show server_version'))[0]?.server_version ?? ''),
      };
    });
    // This process is the folder's only user: the tarball is the state just counted.
    const dump = await pglite.dumpDataDir('gzip');
    const name = 'database.tar.gz';
    await writeFile(path.join(dir, name), Buffer.from(await dump.arrayBuffer()));
    return {
      database: { kind: 'pglite', file: await describeFile(dir, name), serverVersion, migrations },
      tables,
    };
  } finally {
    await pglite.close();
  }
}

/** Copies the files under `from` to `to`, describing each copy (what the backup holds). */
async function copyTree(from: string, to: string): Promise<BackupFile[]> {
  const files: BackupFile[] = [];
  await mkdir(to, { recursive: true });
  for (const rel of await listFiles(from)) {
    const target = path.join(to, rel);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(from, rel), target);
    } catch (err) {
      // Deleted between the listing and the copy: it is gone from the application too.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    files.push(await describeFile(to, rel));
  }
  return files;
}
