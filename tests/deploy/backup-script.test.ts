import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/infra/paths';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * deploy/backup.sh --now with a stand-in for the backup CLI (the CLI has its own test), and the
 * time it writes as the app's metric reads it.
 */
const run = promisify(execFile);
const TOKEN = 'metrics-token-for-tests-0123456789';
const dir = mkdtempSync(path.join(tmpdir(), 'wrenchly-backup-sh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const once = (command: string, env: Record<string, string> = {}) =>
  run('sh', [path.join(projectRoot(), 'deploy/backup.sh'), '--now'], {
    env: {
      PATH: process.env.PATH!,
      BACKUP_DIR: dir,
      BACKUP_KEEP_DAYS: '2',
      BACKUP_COMMAND: command,
      ...env,
    },
  });
const backups = () =>
  readdirSync(dir)
    .filter((n) => /^20\d{6}T\d{6}Z$/.test(n))
    .sort();
const pause = () => new Promise((r) => setTimeout(r, 1100));

describe('deploy/backup.sh', () => {
  it('keeps the last BACKUP_KEEP_DAYS backups and writes LAST_SUCCESS after each', async () => {
    for (let i = 0; i < 3; i++) {
      if (i) await pause();
      await once('mkdir -p');
    }
    expect(backups()).toHaveLength(2);
    // Unix seconds, one line: the metric's unit (src/server/infra/backup/last-success.ts).
    const stamp = readFileSync(path.join(dir, 'LAST_SUCCESS'), 'utf8');
    expect(stamp).toMatch(/^\d+\n$/);
    expect(Math.abs(Number(stamp) * 1000 - Date.now())).toBeLessThan(10_000);
  });

  it('is what GET /metrics reports as the last backup, within a minute of now', async () => {
    await pause();
    await once('mkdir -p');
    const t = await buildTestApp({ config: { metricsToken: TOKEN, backupDir: dir } });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      const line = res.body
        .split('\n')
        .find((l) => l.startsWith('wrenchly_backup_last_success_timestamp_seconds '));
      const seconds = Number(line?.split(' ')[1]);
      // WrenchlyBackupTooOld fires past 26 hours: a backup that just succeeded is far from it.
      expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(60);
    } finally {
      await t.close();
    }
  });

  it('leaves LAST_SUCCESS and the kept backups alone when a backup fails', async () => {
    const before = readFileSync(path.join(dir, 'LAST_SUCCESS'), 'utf8');
    const kept = backups();
    await pause();
    await expect(once('false')).rejects.toMatchObject({ code: 1 });
    expect(readFileSync(path.join(dir, 'LAST_SUCCESS'), 'utf8')).toBe(before);
    expect(backups()).toEqual(kept);
    expect(readdirSync(dir).some((n) => n.startsWith('.partial-'))).toBe(false);
  });

  it('refuses a retention that is not a whole number of at least 1', async () => {
    await expect(once('mkdir -p', { BACKUP_KEEP_DAYS: '0' })).rejects.toMatchObject({ code: 2 });
    await expect(once('mkdir -p', { BACKUP_AT: '25:00' })).rejects.toMatchObject({ code: 2 });
    expect(existsSync(path.join(dir, 'LAST_SUCCESS'))).toBe(true);
  });
});
