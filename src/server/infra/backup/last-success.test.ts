import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatLastSuccess,
  LAST_SUCCESS_FILE,
  parseLastSuccess,
  readBackupLastSuccess,
} from './last-success';

const dir = mkdtempSync(path.join(tmpdir(), 'wrenchly-last-success-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LAST_SUCCESS', () => {
  it('is written as Unix seconds and read back as the same time', () => {
    const at = new Date('2026-11-28T03:00:04.750Z');
    expect(formatLastSuccess(at)).toBe('1795834804\n');
    expect(parseLastSuccess(formatLastSuccess(at))).toBe(1795834804);
  });

  it('still reads the ISO text earlier backup scripts wrote', () => {
    expect(parseLastSuccess('2026-11-28T03:00:04Z\n')).toBe(1795834804);
    expect(parseLastSuccess('2026-11-28T03:00:04.500Z')).toBe(1795834804.5);
  });

  it('reads anything else as 0 ("never"), so the backup-age alert fires', () => {
    for (const text of ['', 'not a time', '2026-11-28 03:00:04', '2026-13-45T99:00:00Z', '-5'])
      expect(parseLastSuccess(text), text).toBe(0);
  });

  it('reads the file in the backup directory; a missing file is 0', async () => {
    expect(await readBackupLastSuccess(dir)).toBe(0);
    writeFileSync(path.join(dir, LAST_SUCCESS_FILE), '1795834804\n');
    expect(await readBackupLastSuccess(dir)).toBe(1795834804);
    writeFileSync(path.join(dir, LAST_SUCCESS_FILE), '2026-11-28T03:00:04Z\n');
    expect(await readBackupLastSuccess(dir)).toBe(1795834804);
  });
});
