import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-test-app';
import { withDatabase } from '../../../tests/helpers/global-setup';
import { createUser, signIn } from '../../../tests/helpers/factories';
import { openDatabase } from '../infra/database';
import { plans, users } from '../db/schema';
import { AdminCreateError, createAdminAccount } from './admin-account';
import { verifyPassword } from '../infra/password';

const STRONG = 'Gr33n-lantern-on-the-bay';

describe('createAdminAccount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates an approved admin who can sign in and use admin routes', async () => {
    const admin = await createAdminAccount(t.app.db, {
      username: 'ops.admin',
      email: 'ops.admin@example.com',
      password: STRONG,
    });
    expect(admin).toEqual({
      id: expect.any(Number),
      username: 'ops.admin',
      email: 'ops.admin@example.com',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', status: 'approved', isGuest: false });
    expect(row!.passwordHash).not.toContain(STRONG);
    const cookie = await signIn(t.app, 'ops.admin', STRONG);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses weak passwords, bad input and a username or e-mail in use', async () => {
    const existing = await createUser(t.app);
    const cases: [Parameters<typeof createAdminAccount>[1], string][] = [
      [
        { username: 'a1.admin', email: 'a1@example.com', password: 'short' },
        'at least 8 characters',
      ],
      [{ username: 'a2.admin', email: 'a2@example.com', password: 'password123' }, 'too common'],
      [
        { username: 'a3.admin', email: 'a3@example.com', password: 'my-a3.admin-pass' },
        'must not contain the username',
      ],
      [{ username: 'a4.admin', email: 'a4@example.com', password: 'aaaaaaaaaaaa' }, 'different'],
      [{ username: 'a5.admin', email: 'not-an-email', password: STRONG }, 'email'],
      [{ username: 'x', email: 'a6@example.com', password: STRONG }, 'at least 3 characters'],
      [
        { username: existing.username!.toUpperCase(), email: 'a7@example.com', password: STRONG },
        'That username is already taken',
      ],
      [
        { username: 'a8.admin', email: existing.email.toUpperCase(), password: STRONG },
        'An account with this email already exists',
      ],
    ];
    for (const [input, message] of cases) {
      const attempt = createAdminAccount(t.app.db, input);
      await expect(attempt, input.username).rejects.toBeInstanceOf(AdminCreateError);
      await expect(attempt, input.username).rejects.toThrow(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'),
      );
    }
    const admins = await t.app.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.username)).not.toContain('a2.admin');
  });
});

/** Runs the admin:create command (its TypeScript entry, as `npm run admin:create` builds it). */
function runAdminCreate(args: string[], stdin: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('src/server/admin-create.ts'), ...args],
      { env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * The command on an empty database of the leg's engine: PostgreSQL at DATABASE_URL on the
 * PostgreSQL leg (a database created empty here, not the migrated template), else the embedded
 * PGlite under DATA_DIR.
 */
describe('npm run admin:create', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let pgUrl: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const pgName = `wrenchly_t_admin_${randomBytes(6).toString('hex')}`;
  const onServer = (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    return admin
      .connect()
      .then(() => admin.query(sql))
      .finally(() => admin.end());
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-admin-create-'));
    if (serverUrl) {
      await onServer(`create database ${pgName}`);
      pgUrl = withDatabase(serverUrl, pgName);
    }
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: dataDir,
      ...(pgUrl && { DATABASE_URL: pgUrl }),
    };
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await onServer(`drop database if exists ${pgName} with (force)`);
  });

  it('creates the admin from a piped password on a fresh production database, printing nothing secret', async () => {
    const args = ['--username', 'root.admin', '--email', 'root@example.com'];
    const ok = await runAdminCreate(args, `${STRONG}\n`, env);
    expect(ok.stderr).not.toContain(STRONG);
    expect(ok.stdout).not.toContain(STRONG);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("Admin account 'root.admin' <root@example.com> created");

    const weak = await runAdminCreate(
      ['--username', 'second.admin', '--email', 'second@example.com'],
      'letmein\n',
      env,
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Refused: Password must be at least 8 characters');
    expect(weak.stderr + weak.stdout).not.toContain('letmein');

    const again = await runAdminCreate(args, `${STRONG}\n`, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Refused: That username is already taken');

    const usage = await runAdminCreate(['--username', 'x'], '', env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--username and --email are required');

    // The fresh database has the plans from the migrations and the one admin.
    const database = await openDatabase(
      pgUrl
        ? { kind: 'postgres', url: pgUrl }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pg') },
    );
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: 'root.admin', role: 'admin', status: 'approved' });
      expect(await verifyPassword(rows[0]!.passwordHash!, STRONG)).toBe(true);
      const planRows = await database.db.select().from(plans).orderBy(plans.rank);
      expect(planRows.map((p) => [p.name, p.priceCents])).toEqual([
        ['Basic', 299],
        ['Premium', 499],
        ['Professional', 699],
      ]);
    } finally {
      await database.close();
    }
    // Two processes each migrating a fresh embedded database: minutes beside the rest of CI.
  }, 300_000);
});
