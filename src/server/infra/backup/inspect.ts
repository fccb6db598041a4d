import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { migrationsDir, projectRoot } from '../paths';

/** Runs one SQL statement and returns its rows (node-postgres client or PGlite). */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Every table the application owns, schema-qualified: `public.users`, `drizzle.__drizzle_migrations`. */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  return rows.map((r) => `${String(r.s)}.${String(r.t)}`);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row counts of every table, read in the caller's transaction (one snapshot). */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const [schema, name] = table.split('.') as [string, string];
    const [row] = await query(
      `select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

export type MigrationLevel = {
  /** Migrations applied. */
  applied: number;
  /** The last applied migration's name (from the journal), when this build knows it. */
  last: string | null;
};

/** Which committed migrations the database has (Drizzle's own bookkeeping table). */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists[0]?.t) return { applied: 0, last: null };
  const rows = await query(
    `select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const applied = Number(rows[0]?.n ?? 0);
  const when = rows[0]?.last == null ? null : Number(rows[0].last);
  const journal = JSON.parse(
    readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  return { applied, last: journal.entries.find((e) => e.when === when)?.tag ?? null };
}

export function appVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The files under `root`, as paths relative to it (forward slashes), sorted. Staging files of
 * uploads in progress (`*.part`) are not documents yet and are left out.
 */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && !e.name.endsWith('.part'))
        out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/** True when `dir` is missing or has nothing in it. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return false;
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
