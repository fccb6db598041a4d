import { spawn } from 'node:child_process';
import { BackupError } from './types';

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command
 * line would be visible to every user of the machine in the process list.
 */
export function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs a PostgreSQL client tool; its stderr becomes the error when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on PATH: install the PostgreSQL client tools ` +
                `(postgresql-client, the server's major version or newer)`,
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(`${command} failed (exit ${code}): ${stderr.trim() || 'no output'}`),
        );
    });
  });
}
