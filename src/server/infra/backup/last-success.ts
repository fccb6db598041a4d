import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `$BACKUP_DIR/LAST_SUCCESS`: when the last good backup finished. Written by deploy/backup.sh
 * (`date -u +%s`, the format `formatLastSuccess` makes) and read for the metrics
 * (`wrenchly_backup_last_success_timestamp_seconds`). The format is Unix seconds, one line: the
 * metric's own unit, with nothing to misread between the shell and the app.
 */
export const LAST_SUCCESS_FILE = 'LAST_SUCCESS';

/** The file's text for a backup that finished at `at`: whole Unix seconds and a newline. */
export function formatLastSuccess(at: Date): string {
  return `${Math.floor(at.getTime() / 1000)}\n`;
}

/** ISO 8601 UTC as the earlier backup.sh wrote it (`date -u +%Y-%m-%dT%H:%M:%SZ`), or with a fraction. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The time in the file's text, in Unix seconds: Unix seconds, or the ISO text earlier versions
 * of the script wrote (a file left by them still reads until the next backup rewrites it).
 * Anything else is 0, "never", so that the backup-age alert fires rather than goes quiet.
 */
export function parseLastSuccess(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  if (ISO_UTC.test(t)) {
    const ms = Date.parse(t);
    return Number.isFinite(ms) ? ms / 1000 : 0;
  }
  return 0;
}

/** The last success in Unix seconds from the directory's file: 0 when missing or unreadable. */
export async function readBackupLastSuccess(backupDir: string): Promise<number> {
  try {
    return parseLastSuccess(await readFile(path.join(backupDir, LAST_SUCCESS_FILE), 'utf8'));
  } catch {
    return 0;
  }
}
