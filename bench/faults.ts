/**
 * Faults, measured: two app instances under a steady mixed load while their dependencies fail
 * one at a time. Everything runs on its own: a PostgreSQL cluster (initdb/pg_ctl into a temporary
 * directory, a free port), a redis-server on a free port, an SMTP stand-in and a Square stand-in
 * (behind a proxy that can stop answering), so the machine's PostgreSQL (5432) and Redis (6379)
 * are never touched.
 *   npx tsx bench/faults.ts            (npm run bench:faults; about 6 minutes)
 *   FAULTS_SHORT=1 npx tsx bench/faults.ts   (shorter outages, about 3 minutes)
 *   [--rate 200]  requests per second
 *   [--mix writes|browse]  what the load is made of (see MIXES)
 * Faults, one at a time: (a) pg_ctl restart -m fast, (b) Redis stopped 30 s, (c) SMTP down 60 s,
 * (d) the payment provider hangs 30 s (requests reach it, no answer comes back). For each: errors
 * during and after, seconds to recover, acknowledged writes lost, e-mails delivered, payments
 * left `processing`, p50/p99 latency during the fault; one table at the end. Then, the load
 * stopped, it waits for every e-mail of the run to leave and checks none arrived twice.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as netServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/infra/database';
import { hashToken } from '../src/server/infra/session';
import { LOCATION_NAMES } from '../src/shared/constants/locations';
import { SERVICE_TYPES } from '../src/shared/constants/service-types';
import {
  connectPaymentAccount,
  createTechnician,
  subscribeTechnician,
  TEST_PASSWORD,
  createUser,
} from '../tests/helpers/factories';
import { startSquareStandIn, SQUARE_NONCES } from '../tests/helpers/square-stand-in';
import { arg, pct } from './lib';

const SHORT = process.env.FAULTS_SHORT === '1';
const RATE = Number(arg('rate', '200'));
/** Seconds: warm-up, each outage and the look after it. */
const T = SHORT
  ? { warm: 5, pgAfter: 10, redis: 10, redisAfter: 10, smtp: 20, pay: 12, payAfter: 10 }
  : { warm: 10, pgAfter: 20, redis: 30, redisAfter: 15, smtp: 60, pay: 30, payAfter: 15 };
/** How long, at most, to wait for the outbox and the reconciler after a fault. */
const SETTLE_MAX_S = 150;
/** How long, at most, to wait once the load stops for every e-mail of the run to leave. */
const DRAIN_MAX_S = 600;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

async function freePort(): Promise<number> {
  const s = netServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'wrenchly-faults-'));
chmodSync(tmp, 0o777);
const children: ChildProcess[] = [];
let pgStarted = false;
/** Whatever happens (an error, Ctrl-C), nothing of ours is left running. */
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (pgStarted) pgCtl('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop'], false);
  if (process.env.FAULTS_KEEP !== '1') rmSync(tmp, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

// ---------------------------------------------------------------- PostgreSQL, its own cluster
const pgBin = path.join(
  '/usr/lib/postgresql',
  readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0]!,
  'bin',
);
const asRoot = process.getuid?.() === 0;
/** initdb and the server refuse to run as root: as the postgres user then. */
function pgCtl(tool: string, args: string[], check = true) {
  const cmd = asRoot ? 'runuser' : path.join(pgBin, tool);
  const full = asRoot ? ['-u', 'postgres', '--', path.join(pgBin, tool), ...args] : args;
  const r = spawnSync(cmd, full, { encoding: 'utf8' });
  if (check && r.status !== 0)
    throw new Error(`${tool} ${args.join(' ')}: ${r.stderr || r.stdout}`);
}
const pgPort = await freePort();
const pgData = path.join(tmp, 'pg');
pgCtl('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
const pgOpts = `-p ${pgPort} -k ${tmp} -c listen_addresses=127.0.0.1 -c max_connections=200`;
pgCtl('pg_ctl', ['-D', pgData, '-o', pgOpts, '-l', path.join(tmp, 'pg.log'), '-w', 'start']);
pgStarted = true;
const dbUrl = `postgresql://postgres@127.0.0.1:${pgPort}/postgres`;
log(`PostgreSQL on ${pgPort} (${pgData})`);

// ---------------------------------------------------------------- Redis, its own server
const redisPort = await freePort();
let redis: ChildProcess | null = null;
async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  children.push(redis);
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
      s.connect(redisPort, '127.0.0.1');
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}
async function stopRedis() {
  const r = redis!;
  await new Promise<void>((resolve) => {
    r.once('exit', () => resolve());
    r.kill('SIGTERM');
  });
  redis = null;
}
await startRedis();
log(`Redis on ${redisPort}`);

// ---------------------------------------------------------------- SMTP stand-in (can go down)
const smtpPort = await freePort();
const mails: { to: string[]; at: number }[] = [];
/** Message-IDs the stand-in received: a message sent twice would show as fewer ids than mails. */
const mailIds = new Set<string>();
let smtp: SMTPServer | null = null;
async function startSmtp() {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 8192) head += c.toString();
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), at: Date.now() });
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
        if (id) mailIds.add(id);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
}
async function stopSmtp() {
  await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  smtp = null;
}
await startSmtp();

// ---------------------------------------------------------------- Square stand-in, behind a proxy
const square = await startSquareStandIn(undefined, { listPageSize: 100 });
const squareTarget = new URL(square.baseUrl);
let payHang = false;
const heldSockets = new Set<Socket>();
const proxyPort = await freePort();
const proxy: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const hang = payHang;
    // Forwarded either way: during the hang the charge is made and only the answer is lost,
    // which is the case that matters (the provider took the money, we never heard).
    const up = httpRequest(
      {
        host: squareTarget.hostname,
        port: squareTarget.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          if (hang) {
            heldSockets.add(req.socket);
            return;
          }
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          res.end(Buffer.concat(body));
        });
      },
    );
    up.on('error', () => res.destroy());
    up.end(Buffer.concat(chunks));
  });
});
await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));

// ---------------------------------------------------------------- the environment of both instances
const env: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl,
  DATABASE_POOL_SIZE: '10',
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SESSION_SECRET: 'f'.repeat(40),
  PAYMENT_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  DEMO_MODE: 'false',
  LOG_LEVEL: 'warn',
  PUSH_ENABLED: 'false',
  CARD_PROVIDER: 'square',
  WALLET_PROVIDER: 'none',
  SQUARE_ACCESS_TOKEN: square.token,
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-wrenchly',
  SQUARE_LOCATION_ID: 'LOC-FAULTS',
  SQUARE_BASE_URL: `http://127.0.0.1:${proxyPort}`,
  // The load comes from one host: X-Forwarded-For gives each simulated client its address.
  TRUST_PROXY: 'loopback',
  SERVICE_REQUESTS_PER_HOUR: '100000',
  // Background jobs (outbox sweep, payment reconciler) 10x more often than in production.
  JOB_INTERVAL_SCALE: '0.1',
};

// ---------------------------------------------------------------- seed: technicians, POS sellers, customers
log('migrating and seeding');
const setupDb = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
await setupDb.migrate();
const seed = spawnSync('npx', ['tsx', 'scripts/seed-big.ts', '--technicians', '200'], {
  env: { ...process.env, DATABASE_URL: dbUrl },
  encoding: 'utf8',
});
if (seed.status !== 0) throw new Error(`seed-big failed: ${seed.stderr}`);
const setupApp = await buildApp(
  { ...loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }), port: 0 },
  { database: setupDb, backgroundJobs: false },
);
await setupApp.ready();
const sellers: { username: string; technicianId: number }[] = [];
for (let i = 0; i < 4; i++) {
  const { user, technician } = await createTechnician(setupApp);
  await subscribeTechnician(setupApp, technician.id, 'Professional');
  await connectPaymentAccount(setupApp, technician.id);
  sellers.push({ username: user.username!, technicianId: technician.id });
}
const customers: string[] = [];
for (let i = 0; i < 40; i++) customers.push((await createUser(setupApp)).username!);
const techIds = (
  await setupDb.pool!.query<{ id: number }>('select id from technicians order by id limit 300')
).rows.map((r) => r.id);

// ---------------------------------------------------------------- two instances
if (spawnSync('npm', ['run', 'build:server'], { stdio: 'ignore' }).status !== 0)
  throw new Error('npm run build:server failed');
if (!existsSync('dist/ssr'))
  log('dist/ssr missing: public pages answer without SSR (npm run build)');
type Instance = { base: string; child: ChildProcess };
async function startInstance(n: number): Promise<Instance> {
  const port = await freePort();
  const out = openSync(path.join(tmp, `instance-${n}.log`), 'a');
  // The built server (npm run build:server, above), as production runs it: tsx would add
  // seconds of start-up and a few hundred MB per instance.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  // Three minutes: on a busy machine loading the app through tsx takes a while.
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`instance ${n} exited; see ${tmp}`);
    try {
      if ((await fetch(`${base}/api/health/live`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`instance ${n} did not start`);
}
const instances = [await startInstance(1), await startInstance(2)];
log(`instances ${instances.map((i) => i.base).join(', ')}; logs in ${tmp}`);

let ipSeq = 0;
const clientIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return /wrenchly_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}
const sellerCookies = await Promise.all(
  sellers.map(async (s) => ({ ...s, token: await signIn(instances[0]!.base, s.username) })),
);

// ---------------------------------------------------------------- the load
type Sample = {
  kind: string;
  start: number;
  end: number;
  status: number;
  /** The write the answer acknowledged (kind-specific), checked afterwards. */
  ack?: string | number;
  paymentState?: string;
};
const samples: Sample[] = [];
const t0 = performance.now();
const now = () => (performance.now() - t0) / 1000;
const acks = {
  serviceRequests: [] as number[],
  sessions: [] as string[],
  payments: [] as { id: number; status: string; key: string }[],
};

/**
 * What the load is made of, in percent. `writes` (the default) is write-heavy on purpose: one
 * request in six asks for a service, which queues about six e-mails (the customer's and five
 * technicians' alerts). `browse` is a marketplace's usual day: mostly people looking.
 */
const MIXES: Record<string, [string, number][]> = {
  writes: [
    ['page', 20],
    ['search', 25],
    ['profile', 25],
    ['service-request', 16],
    ['signin', 4],
    ['payment', 10],
  ],
  browse: [
    ['page', 35],
    ['search', 30],
    ['profile', 25],
    ['service-request', 3],
    ['signin', 4],
    ['payment', 3],
  ],
};
const MIX = arg('mix', 'writes');
if (!MIXES[MIX]) throw new Error(`--mix ${MIX}: one of ${Object.keys(MIXES).join(', ')}`);
const KINDS = MIXES[MIX]!;
const pick = (() => {
  const total = KINDS.reduce((s, [, w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [k, w] of KINDS) if ((r -= w) < 0) return k;
    return KINDS[0]![0];
  };
})();
const any = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/**
 * The load's client: at most this many connections per instance (a load balancer's pool), and
 * at most MAX_INFLIGHT requests outstanding. Past that a request is not sent and counted as
 * shed (status -1, an error): an open-loop generator piling up tens of thousands of sockets
 * against a stalled backend measures only itself.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const MAX_INFLIGHT = 2_000;

/** One HTTP call through `agent`: its status, set-cookie and body; throws on a network error. */
function call(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
  timeoutMs = 30_000,
): Promise<{ status: number; setCookie: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            setCookie: [res.headers['set-cookie'] ?? []].flat().join('; '),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(init.body);
  });
}

async function one(kind: string, base: string): Promise<void> {
  const s: Sample = { kind, start: now(), end: 0, status: 0 };
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp() };
  const json = (body: unknown) => {
    headers['content-type'] = 'application/json';
    return JSON.stringify(body);
  };
  let url: string;
  let init: { method?: string; body?: string } = {};
  switch (kind) {
    case 'page':
      url = `${base}/technician/${any(techIds)}`;
      break;
    case 'search':
      url = `${base}/api/technicians?location=${encodeURIComponent(any(LOCATION_NAMES))}&serviceType=${encodeURIComponent(any(SERVICE_TYPES))}`;
      break;
    case 'profile':
      url = `${base}/api/technicians/${any(techIds)}`;
      break;
    case 'service-request':
      url = `${base}/api/service-requests`;
      init = {
        method: 'POST',
        body: json({
          serviceType: any(SERVICE_TYPES),
          description: 'Faults bench: brakes squeal when stopping.',
          vehicleInfo: '2016 Honda Civic',
          urgency: 'medium',
          location: `${any(LOCATION_NAMES)}`,
          customerName: 'Faults Customer',
          customerEmail: `faults.${randomUUID().slice(0, 8)}@example.com`,
        }),
      };
      break;
    case 'signin':
      url = `${base}/api/auth/signin`;
      init = { method: 'POST', body: json({ username: any(customers), password: TEST_PASSWORD }) };
      break;
    default: {
      const seller = any(sellerCookies);
      url = `${base}/api/square/create-payment`;
      headers.cookie = `wrenchly_session=${seller.token}`;
      const key = randomUUID();
      s.ack = key;
      init = {
        method: 'POST',
        body: json({
          amount: 25 + Math.floor(Math.random() * 100),
          sourceId: SQUARE_NONCES.ok,
          idempotencyKey: key,
          customerName: 'Faults Customer',
        }),
      };
    }
  }
  try {
    const res = await call(url, { ...init, headers });
    s.status = res.status;
    const text = res.text;
    if (res.status >= 200 && res.status < 300) {
      if (kind === 'service-request') acks.serviceRequests.push(JSON.parse(text).id);
      if (kind === 'signin') {
        const token = /wrenchly_session=([^;]+)/.exec(res.setCookie)?.[1];
        if (token) acks.sessions.push(token);
      }
      if (kind === 'payment') {
        const body = JSON.parse(text) as { payment: { id: number; status: string } };
        acks.payments.push({
          id: body.payment.id,
          status: body.payment.status,
          key: String(s.ack),
        });
      }
    } else if (kind === 'payment' && res.status === 402) {
      s.paymentState = 'declined';
    }
  } catch {
    s.status = 0;
  }
  s.end = now();
  samples.push(s);
}

let loadOn = true;
const inflight = new Set<Promise<void>>();
const loadDone = (async () => {
  let n = 0;
  const start = performance.now();
  while (loadOn) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    while (n < due) {
      if (inflight.size >= MAX_INFLIGHT) {
        samples.push({ kind: 'shed', start: now(), end: now(), status: -1 });
        n++;
        continue;
      }
      const p = one(pick(), instances[n % instances.length]!.base);
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      n++;
    }
    await sleep(5);
  }
})();

// ---------------------------------------------------------------- where the CPU goes
/**
 * CPU seconds of each part, read from /proc: the two instances, PostgreSQL (the postmaster and
 * every backend), Redis, and this process (the load, the stand-ins). Whether a slow run is the
 * app's or a machine with no core left is read off it.
 */
const TICK = 100; // USER_HZ: clock ticks per second on Linux
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and the same for waited-for children (fields 14-17 of stat)
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
  } catch {
    return 0;
  }
}
function postgresSeconds(): number {
  let postmaster = 0;
  try {
    postmaster = Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let total = cpuSeconds(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const cpuNow = () => ({
  at: performance.now(),
  instances: instances.reduce((sum, i) => sum + cpuSeconds(i.child.pid!), 0),
  postgres: postgresSeconds(),
  redis: redis?.pid ? cpuSeconds(redis.pid) : 0,
  bench: cpuSeconds(process.pid),
});
const cpuStart = cpuNow();

// ---------------------------------------------------------------- faults
type Window = { name: string; start: number; restored: number; end: number; extra: Row };
type Row = Record<string, string | number>;
const windows: Window[] = [];
const isError = (s: Sample) => s.status <= 0 || s.status >= 500 || s.status === 429;

function judge(name: string, start: number, restored: number, end: number) {
  const during = samples.filter((s) => s.start >= start && s.start < restored);
  const after = samples.filter((s) => s.start >= restored && s.start < end);
  const errDuring = during.filter(isError);
  const errAfter = after.filter(isError);
  // The first whole second, from the restore on, in which nothing failed.
  let recover = NaN;
  for (let sec = Math.floor(restored); sec < end; sec++) {
    const inSec = after.filter((s) => s.start >= sec && s.start < sec + 1);
    if (inSec.length > 0 && !inSec.some(isError)) {
      recover = Math.max(0, sec - restored);
      break;
    }
  }
  const byStatus = new Map<number, number>();
  for (const s of [...errDuring, ...errAfter])
    byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const lat = during.filter((s) => s.status !== -1).map((s) => (s.end - s.start) * 1000);
  return {
    fault: name,
    requests: during.length + after.length,
    'errors during': errDuring.length,
    'errors after': errAfter.length,
    statuses:
      [...byStatus].map(([k, v]) => `${k === 0 ? 'net' : k === -1 ? 'shed' : k}x${v}`).join(' ') ||
      '-',
    // No look after the restore (SMTP's row: its outage never reached requests) is no figure.
    'recover s': after.length === 0 ? '-' : Number.isNaN(recover) ? 'never' : recover.toFixed(0),
    'p50 ms': pct(lat, 50).toFixed(0),
    'p99 ms': pct(lat, 99).toFixed(0),
  };
}

const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await setupDb.pool!.query<T>(sql, params)).rows;

async function lostWrites(): Promise<number> {
  const sr = await q<{ n: string }>(
    'select count(*) as n from service_requests where id = any($1::int[])',
    [acks.serviceRequests],
  );
  const ss = await q<{ n: string }>('select count(*) as n from sessions where id = any($1)', [
    acks.sessions.map(hashToken),
  ]);
  const pay = await q<{ n: string }>(
    'select count(*) as n from invoice_payments where id = any($1::int[])',
    [acks.payments.map((p) => p.id)],
  );
  return (
    acks.serviceRequests.length -
    Number(sr[0]!.n) +
    acks.sessions.length -
    Number(ss[0]!.n) +
    acks.payments.length -
    Number(pay[0]!.n)
  );
}
const ackCount = () => acks.serviceRequests.length + acks.sessions.length + acks.payments.length;

/** E-mails the outbox took in between `since` and `until` (the load keeps adding more). */
async function outboxBacklog(since: Date, until = new Date()) {
  const [r] = await q<{
    total: string;
    sent: string;
    waiting: string;
    failed: string;
    canceled: string;
  }>(
    `select count(*) as total,
            count(*) filter (where status = 'sent') as sent,
            count(*) filter (where status in ('queued', 'sending')) as waiting,
            count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status = 'canceled') as canceled
       from outbox where channel = 'email' and created_at >= $1 and created_at < $2`,
    [since, until],
  );
  return {
    total: Number(r!.total),
    sent: Number(r!.sent),
    waiting: Number(r!.waiting),
    failed: Number(r!.failed),
    canceled: Number(r!.canceled),
  };
}
/** Card payments still `processing` that were claimed before `before` (the load adds more). */
async function processingPayments(before = new Date()) {
  const [r] = await q<{ n: string }>(
    `select count(*) as n from invoice_payments where status = 'processing' and created_at < $1`,
    [before],
  );
  return Number(r!.n);
}
/** Payments Square has as completed that we recorded as failed: money taken, customer told no. */
async function chargedButFailed() {
  const completed = new Set(
    [...square.payments.values()]
      .filter((p) => p.status === 'COMPLETED')
      .map((p) => String(p.reference_id)),
  );
  const rows = await q<{ idempotency_key: string }>(
    `select idempotency_key from invoice_payments where status = 'failed' and method = 'card'`,
  );
  const { squareReferenceOf } = await import('../src/server/infra/payments/square');
  return rows.filter((r) => completed.has(squareReferenceOf(r.idempotency_key))).length;
}

async function phase(
  name: string,
  inject: () => Promise<void>,
  restore: () => Promise<void>,
  outageS: number,
  afterS: number,
  settle: (restoredAt: number) => Promise<Row>,
) {
  log(`${name}: start`);
  const ackBefore = ackCount();
  const start = now();
  await inject();
  await sleep(outageS * 1000);
  await restore();
  const restored = now();
  log(`${name}: restored after ${(restored - start).toFixed(1)} s`);
  await sleep(afterS * 1000);
  const end = now();
  const extra = await settle(restored);
  // Judged at the end, when the requests started in the window have all come back.
  windows.push({
    name,
    start,
    restored,
    end,
    extra: { 'acked writes': ackCount() - ackBefore, ...extra },
  });
  log(`${name}: ${JSON.stringify(extra)}`);
}

await sleep(T.warm * 1000);
log(`warm-up: ${samples.length} requests, ${samples.filter(isError).length} errors`);

const noExtra = async () => ({});
const started = new Date();
// (a) PostgreSQL restarted (fast shutdown: connections cut, the server back in about a second).
await phase(
  'a pg restart',
  async () => {
    const a = spawn(
      asRoot ? 'runuser' : path.join(pgBin, 'pg_ctl'),
      [
        ...(asRoot ? ['-u', 'postgres', '--', path.join(pgBin, 'pg_ctl')] : []),
        ...['-D', pgData, '-o', pgOpts, '-l', path.join(tmp, 'pg.log'), '-m', 'fast', '-w'],
        'restart',
      ],
      { stdio: 'ignore' },
    );
    await new Promise((r) => a.once('exit', r));
  },
  async () => {},
  0,
  T.pgAfter,
  noExtra,
);
// (b) Redis stopped, then started again (empty: its counters are gone).
await phase('b redis stop', stopRedis, startRedis, T.redis, T.redisAfter, noExtra);
// (c) SMTP down: the outbox keeps the e-mails and sends them once it is back.
let smtpDownAt = new Date();
let smtpWindowEnd = new Date();
await phase(
  'c smtp down',
  async () => {
    smtpDownAt = new Date();
    await stopSmtp();
  },
  startSmtp,
  T.smtp,
  0,
  async (restoredAt) => {
    // Those queued while SMTP was down (and just after): all of them must go out.
    const upAt = new Date();
    smtpWindowEnd = upAt;
    const deadline = performance.now() + SETTLE_MAX_S * 1000;
    let b = await outboxBacklog(smtpDownAt, upAt);
    while ((b.waiting > 0 || b.failed > 0) && performance.now() < deadline) {
      await sleep(1000);
      b = await outboxBacklog(smtpDownAt, upAt);
    }
    return {
      'e-mails delivered': `${b.sent}/${b.total}`,
      'e-mails wait s': (now() - restoredAt).toFixed(0),
    };
  },
);
// (d) The payment provider hangs: charges reach it, no answer comes back.
await phase(
  'd payment hang',
  async () => {
    payHang = true;
  },
  async () => {
    payHang = false;
    for (const s of heldSockets) s.destroy();
    heldSockets.clear();
  },
  T.pay,
  T.payAfter,
  async (restoredAt) => {
    // Those claimed while the provider hung (and just after) must all be settled.
    const upAt = new Date();
    const deadline = performance.now() + SETTLE_MAX_S * 1000;
    let left = await processingPayments(upAt);
    while (left > 0 && performance.now() < deadline) {
      await sleep(1000);
      left = await processingPayments(upAt);
    }
    return {
      'processing left': left,
      'settle s': (now() - restoredAt).toFixed(0),
      'charged, recorded failed': await chargedButFailed(),
    };
  },
);

const cpuEnd = cpuNow();
loadOn = false;
await loadDone;
await Promise.allSettled([...inflight]);
const lost = await lostWrites();
// The load has stopped: every e-mail it queued (the outages' and the backlog a saturated machine
// built up) must still go out, once. A new-job alert whose offer ran out meanwhile is dropped
// (canceled), as it should be, not sent late.
const loadEndedAt = new Date();
const drainStart = performance.now();
let total = await outboxBacklog(started, loadEndedAt);
const waitingAtEnd = total.waiting;
while (total.waiting > 0 && performance.now() - drainStart < DRAIN_MAX_S * 1000) {
  await sleep(1000);
  total = await outboxBacklog(started, loadEndedAt);
}
const drainS = (performance.now() - drainStart) / 1000;
const outageMails = await outboxBacklog(smtpDownAt, smtpWindowEnd);
console.log('\nFaults, measured');
console.log(
  `${RATE} requests/s over 2 instances, mix '${MIX}' (${KINDS.map(([k, w]) => `${k} ${w}%`).join(', ')}), ${SHORT ? 'FAULTS_SHORT' : 'full'} run; ${samples.length} requests in all`,
);
console.table(
  windows.map((w) => ({
    ...judge(w.name, w.start, w.restored, w.end),
    ...w.extra,
    'writes lost': lost,
  })),
);
console.log(
  `acknowledged writes: ${acks.serviceRequests.length} service requests, ${acks.sessions.length} sign-ins, ${acks.payments.length} card payments; lost: ${lost}`,
);
console.log(
  `e-mails over the whole run: ${total.total} queued; ${waitingAtEnd} still waiting when the load stopped; ${drainS.toFixed(0)} s later ${total.sent} sent, ${total.canceled} dropped (offer over before delivery), ${total.failed} failed, ${total.waiting} waiting; the stand-in received ${mails.length} (warm-up included), ${mails.length - mailIds.size} of them twice`,
);
console.log(
  `e-mails queued from the SMTP outage to its look: ${outageMails.total}; at the end ${outageMails.sent} sent, ${outageMails.canceled} dropped, ${outageMails.failed} failed, ${outageMails.waiting} waiting`,
);
console.log(`payments still processing: ${await processingPayments()}`);
{
  const wall = (cpuEnd.at - cpuStart.at) / 1000;
  const part = (k: 'instances' | 'postgres' | 'redis' | 'bench') =>
    `${k} ${(cpuEnd[k] - cpuStart[k]).toFixed(0)} s (${((cpuEnd[k] - cpuStart[k]) / wall).toFixed(2)} cores)`;
  // Redis is restarted during the run (b): its figure is the newest server's.
  console.log(
    `CPU over ${wall.toFixed(0)} s of faults: ${part('instances')}, ${part('postgres')}, ${part('redis')}, ${part('bench')} (the load and the stand-ins); the machine has 2 cores`,
  );
}

// ---------------------------------------------------------------- teardown
for (const i of instances) i.child.kill('SIGTERM');
await Promise.all(
  instances.map(
    (i) => new Promise((r) => (i.child.exitCode !== null ? r(0) : i.child.once('exit', r))),
  ),
);
await setupApp.close();
await setupDb.close();
await square.close();
proxy.close();
if (smtp) await stopSmtp();
if (redis) await stopRedis();
process.exit(0);
