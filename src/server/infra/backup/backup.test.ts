import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { testConfig } from '../../../../tests/helpers/build-test-app';
import { withDatabase } from '../../../../tests/helpers/global-setup';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../database';
import { seedDemoData } from '../../seed/seed';
import { DEMO_PASSWORD } from '../../seed/seed-data';
import { createLocalStorage } from '../storage/local';
import { newStorageKey } from '../storage/keys';
import { createBackup } from './backup';
import { countRows, type Query } from './inspect';
import { restoreBackup } from './restore';
import { BackupError, MANIFEST_FILE, type DatabaseLocation, type Manifest } from './types';

const SLOW = 180_000;
const pgUrl = process.env.TEST_DATABASE_URL;

const queryOf =
  (database: Database): Query =>
  async (sql) =>
    database.pglite
      ? (await database.pglite.query<Record<string, unknown>>(sql)).rows
      : (await database.pool!.query(sql)).rows;

type Leg = {
  name: string;
  /** A new, empty database: its location and how to open it. */
  fresh(label: string): Promise<DatabaseLocation>;
  open(location: DatabaseLocation): Promise<Database>;
  cleanUp(): Promise<void>;
};

function pgliteLeg(root: string): Leg {
  return {
    name: 'PGlite',
    async fresh(label) {
      return { kind: 'pglite', dataDir: path.join(root, label, 'pg') };
    },
    open: (location) =>
      openDatabase({ kind: 'pglite', dataDir: (location as { dataDir: string }).dataDir }),
    async cleanUp() {},
  };
}

function postgresLeg(url: string): Leg {
  const created: string[] = [];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async fresh(label) {
      const name = `wrenchly_bk_${randomBytes(5).toString('hex')}_${label}`;
      await admin(`create database ${name}`);
      created.push(name);
      return { kind: 'postgres', url: withDatabase(url, name) };
    },
    open: (location) =>
      openDatabase({ kind: 'postgres', url: (location as { url: string }).url, poolSize: 4 }),
    async cleanUp() {
      for (const name of created) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const root = mkdtempSync(path.join(tmpdir(), 'wrenchly-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const legs: Leg[] = [pgliteLeg(path.join(root, 'pglite'))];
if (pgUrl) legs.push(postgresLeg(pgUrl));

describe.each(legs)('backup and restore on $name', (leg) => {
  const dir = (name: string) => path.join(root, leg.name, name);
  const uploadBytes = randomBytes(300_000);
  const uploadKey = newStorageKey();
  let source: DatabaseLocation;
  let sourceCounts: Record<string, number>;
  let manifest: Manifest;

  beforeAll(async () => {
    source = await leg.fresh('src');
    let database: Database;
    if (source.kind === 'pglite') {
      // The migrated template (tests/helpers/global-setup.ts), in a folder of its own.
      database = await openDatabase({
        kind: 'pglite',
        dataDir: source.dataDir,
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      });
    } else {
      database = await leg.open(source);
    }
    await database.migrate();
    await seedDemoData(database.db);
    sourceCounts = await countRows(queryOf(database));
    await database.close();

    const storage = createLocalStorage({
      root: path.join(dir('src'), 'uploads'),
      secret: 'x'.repeat(32),
      now: () => new Date(),
    });
    const staged = await storage.stage(
      uploadKey,
      (async function* () {
        yield uploadBytes;
      })(),
    );
    await staged.commit();
    // An upload still in progress is not a document yet: it stays out of the backup.
    writeFileSync(path.join(dir('src'), 'uploads', `${uploadKey}.abc.part`), 'partial');

    manifest = await createBackup({
      dir: dir('backup'),
      database: source,
      uploads: { kind: 'local', root: path.join(dir('src'), 'uploads') },
    });
  }, SLOW);
  afterAll(() => leg.cleanUp(), SLOW);

  it('writes a manifest with every table, the migration level and the upload', () => {
    expect(manifest.tables).toEqual(sourceCounts);
    expect(manifest.tables['public.users']).toBeGreaterThan(10);
    expect(manifest.database.migrations.applied).toBe(
      manifest.tables['drizzle.__drizzle_migrations'],
    );
    expect(manifest.database.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.uploads).toMatchObject({
      kind: 'local',
      files: [{ path: uploadKey, bytes: uploadBytes.length }],
    });
  });

  it(
    'restores into a fresh database: every row count, the upload, and a working sign-in',
    async () => {
      const target = await leg.fresh('dst');
      const uploadsRoot = path.join(dir('dst'), 'uploads');
      const result = await restoreBackup({
        dir: dir('backup'),
        database: target,
        uploads: { kind: 'local', root: uploadsRoot },
      });
      expect(result.mismatches).toEqual([]);
      expect(result.filesRestored).toBe(1);

      const database = await leg.open(target);
      try {
        expect(await countRows(queryOf(database))).toEqual(sourceCounts);
        expect((await readFile(path.join(uploadsRoot, uploadKey))).equals(uploadBytes)).toBe(true);
        const app = await buildApp(testConfig(), { database, backgroundJobs: false });
        await app.ready();
        try {
          const res = await app.inject({
            method: 'POST',
            url: '/api/auth/signin',
            payload: { username: 'technician', password: DEMO_PASSWORD },
          });
          expect(res.statusCode).toBe(200);
          expect(res.cookies.some((c) => c.name === 'wrenchly_session')).toBe(true);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }

      // The database is not empty any more: a second restore into it is refused.
      await expect(
        restoreBackup({
          dir: dir('backup'),
          database: target,
          uploads: { kind: 'local', root: path.join(dir('other'), 'uploads') },
        }),
      ).rejects.toThrow(/not empty.*nothing was changed/);
    },
    SLOW,
  );

  it(
    'refuses a database that holds data, changing nothing',
    async () => {
      await expect(
        restoreBackup({
          dir: dir('backup'),
          database: source,
          uploads: { kind: 'local', root: path.join(dir('refused'), 'uploads') },
        }),
      ).rejects.toBeInstanceOf(BackupError);
      const database = await leg.open(source);
      try {
        expect(await countRows(queryOf(database))).toEqual(sourceCounts);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it('refuses a backup whose files do not match their checksums, before writing anything', async () => {
    const damaged = dir('damaged');
    rmSync(damaged, { recursive: true, force: true });
    const { cpSync } = await import('node:fs');
    cpSync(dir('backup'), damaged, { recursive: true });
    writeFileSync(path.join(damaged, 'uploads', uploadKey), 'tampered');
    const target = await leg.fresh('dmg');
    await expect(
      restoreBackup({
        dir: damaged,
        database: target,
        uploads: { kind: 'local', root: path.join(dir('dmg'), 'uploads') },
      }),
    ).rejects.toThrow(`${uploadKey} does not match its checksum`);
    await expect(
      restoreBackup({ dir: root, database: target, uploads: { kind: 's3', bucket: 'b' } }),
    ).rejects.toThrow(`No ${MANIFEST_FILE}`);
  });
});

describe('backup refusals', () => {
  it(
    'never opens an embedded database a running app has open',
    async () => {
      const dataDir = path.join(root, 'busy', 'pg');
      const database = await openDatabase({
        kind: 'pglite',
        dataDir,
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      });
      try {
        await expect(
          createBackup({
            dir: path.join(root, 'busy-backup'),
            database: { kind: 'pglite', dataDir },
            uploads: { kind: 's3', bucket: 'docs' },
          }),
        ).rejects.toThrow(/open in a running Wrenchly/);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it('says so when pg_dump is not installed, and leaves no half backup', async () => {
    const out = path.join(root, 'no-pg-dump');
    await expect(
      createBackup({
        dir: out,
        database: { kind: 'postgres', url: pgUrl ?? 'postgresql://127.0.0.1:1/none' },
        uploads: { kind: 's3', bucket: 'docs' },
        pgDump: 'pg_dump_not_installed_here',
      }),
    ).rejects.toThrow(
      pgUrl ? /pg_dump_not_installed_here was not found on PATH/ : /Cannot connect/,
    );
    expect(() => readFileSync(path.join(out, MANIFEST_FILE))).toThrow();
  });

  it('refuses a folder that already holds something', async () => {
    const out = path.join(root, 'taken');
    rmSync(out, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'keep.txt'), 'mine');
    await expect(
      createBackup({
        dir: out,
        database: { kind: 'pglite', dataDir: path.join(root, 'nowhere') },
        uploads: { kind: 's3', bucket: 'docs' },
      }),
    ).rejects.toThrow(/is not empty/);
    expect(readFileSync(path.join(out, 'keep.txt'), 'utf8')).toBe('mine');
  });
});
