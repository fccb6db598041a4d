/**
 * E-mail throughput of one instance's outbox worker: N e-mails queued at once (a technician's
 * new-job alert, text and HTML) in a fresh PostgreSQL database, sent to an SMTP server in a
 * process of its own, as production sends them (createOutbox + smtpTransport, default batch,
 * lanes and SMTP pool). Prints e-mails a second, the CPU each part spent per e-mail, and checks
 * that every message arrived exactly once (by Message-ID).
 *   npx tsx bench/outbox.ts [--emails 10000] [--rounds 2]
 * The database is `wrenchly_bench_outbox` next to DATABASE_URL (or the local server), dropped and
 * made again each run. Run it on a quiet machine: PostgreSQL's CPU is read off its processes.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../src/server/infra/database';
import { createOutbox, type OutboxInput } from '../src/server/infra/outbox';
import { smtpTransport } from '../src/server/infra/outbox/email';
import { arg } from './lib';

const EMAILS = Number(arg('emails', '10000'));
const ROUNDS = Number(arg('rounds', '2'));

const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
const admin = new pg.Client({ connectionString: base.toString() });
await admin.connect();
await admin.query('drop database if exists wrenchly_bench_outbox with (force)');
await admin.query('create database wrenchly_bench_outbox');
await admin.end();
base.pathname = '/wrenchly_bench_outbox';
const database = await openDatabase({ kind: 'postgres', url: base.toString(), poolSize: 10 });
await database.migrate();
const { db } = database;
console.log('database ready');

// The relay: a real SMTP server in a process of its own (its CPU is not the worker's).
const relay = fork(new URL('./smtp-sink.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
// Whatever ends this process (an error included) ends the relay too.
process.on('exit', () => relay.kill());
type SinkReport = { port?: number; received?: number; unique?: number };
const ask = () =>
  new Promise<SinkReport>((resolve) => {
    relay.once('message', (m) => resolve(m as SinkReport));
    relay.send('report');
  });
const { port } = await new Promise<SinkReport>((r) =>
  relay.once('message', (m) => r(m as SinkReport)),
);

const TICK = 100; // USER_HZ
const cpuOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
};
/** Every PostgreSQL process on the machine (the bench's database is the only busy one). */
const postgresCpu = () =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((sum, e) => sum + cpuOf(Number(e)), 0);

const html = `<p>New Diagnostics job in Silver Spring, MD (3.2 mi), urgent.</p>${'<p>Details of the job, the vehicle and how to respond before the offer runs out.</p>'.repeat(12)}`;
const message = (round: number, i: number): OutboxInput => ({
  to: `technician${i}@example.com`,
  template: 'new_job',
  key: `bench:${round}:${i}`,
  subject: 'Wrenchly: new Diagnostics job in Silver Spring, MD',
  text: 'Wrenchly: new Diagnostics job in Silver Spring, MD (3.2 mi), urgent. Respond by 3:45 PM: https://wrenchly.example/jobs/1',
  html,
});

const outbox = createOutbox({
  db,
  clock: () => new Date(),
  log: pino({ level: 'warn' }),
  transports: {
    email: smtpTransport({
      from: 'Wrenchly <no-reply@wrenchly.example>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
    }),
  },
});

for (let round = 1; round <= ROUNDS; round++) {
  for (let i = 0; i < EMAILS; i += 500)
    await db.transaction((tx) =>
      outbox.enqueue(
        tx,
        Array.from({ length: Math.min(500, EMAILS - i) }, (_, k) => message(round, i + k)),
      ),
    );
  const before = {
    at: performance.now(),
    me: process.cpuUsage(),
    pg: postgresCpu(),
    relay: cpuOf(relay.pid!),
  };
  const sent = await outbox.drain();
  const wall = (performance.now() - before.at) / 1000;
  const me = process.cpuUsage(before.me);
  const perMail = (s: number) => `${((s * 1000) / sent).toFixed(2)} ms`;
  const report = await ask();
  console.log(
    `round ${round}: ${sent} e-mails in ${wall.toFixed(1)} s = ${(sent / wall).toFixed(0)}/s; CPU a mail: worker ${perMail((me.user + me.system) / 1e6)}, PostgreSQL ${perMail(postgresCpu() - before.pg)}, relay ${perMail(cpuOf(relay.pid!) - before.relay)}; relay has ${report.received} (${report.unique} distinct Message-IDs)`,
  );
}

const [counts] = (
  await database.pool!.query<{ sent: string; other: string }>(
    `select count(*) filter (where status = 'sent') as sent, count(*) filter (where status <> 'sent') as other from outbox`,
  )
).rows;
console.log(`outbox: ${counts!.sent} sent, ${counts!.other} not`);
await outbox.close();
relay.kill();
await database.close();
