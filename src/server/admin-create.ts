// `npm run admin:create -- --username U --email E`: creates an approved admin account.
// The password is asked on a terminal (not echoed) or read from the first line of stdin when
// piped; nothing secret is printed. Built to dist/server/admin-create.js for production boxes.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './infra/database';
import { passwordProblem } from '@shared/passwords';
import { AdminCreateError, createAdminAccount } from './domain/admin-account';

const USAGE = `Usage: npm run admin:create -- --username <name> --email <address> [--first-name <n>] [--last-name <n>]

Creates an approved admin account in the configured database (DATABASE_URL, or PGlite under
DATA_DIR), after applying migrations. The password is asked for on a terminal, or read from
the first line of standard input:  printf '%s\\n' "$PASSWORD" | npm run admin:create -- ...`;

/** Reads one line from a terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new AdminCreateError('Cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of piped standard input. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function readPassword(username: string, email: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readPipedLine();
    if (!line) throw new AdminCreateError('No password on standard input');
    return line;
  }
  for (;;) {
    const password = await askHidden('Password for the new admin: ');
    const problem = passwordProblem(password, { username, email });
    if (problem) {
      process.stderr.write(`${problem}\n`);
      continue;
    }
    if ((await askHidden('Repeat the password: ')) === password) return password;
    process.stderr.write('The passwords do not match\n');
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!args.username || !args.email) {
    console.error(`--username and --email are required\n\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }

  const password = await readPassword(args.username, args.email);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: config.pgliteDataDir },
  );
  try {
    await database.migrate();
    const admin = await createAdminAccount(database.db, {
      username: args.username,
      email: args.email,
      password,
      firstName: args['first-name'],
      lastName: args['last-name'],
    });
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.pgliteDataDir}`;
    process.stdout.write(
      `Admin account '${admin.username}' <${admin.email}> created (id ${admin.id}) in ${where}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof AdminCreateError) {
      console.error(`Refused: ${err.message}`);
      process.exit(1);
    }
    // Unexpected: say what failed without the query parameters (the password hash).
    console.error(
      `admin:create failed: ${(err as Error)?.name ?? 'Error'}: ${String((err as Error)?.message ?? err).split('\n')[0]}`,
    );
    process.exit(1);
  },
);
