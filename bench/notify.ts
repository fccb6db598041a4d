/**
 * Notification delivery benchmark: 1000 technicians, each with a Web Push
 * subscription on a local push service (tests/helpers/push-stand-in.ts: VAPID checked, payload
 * decrypted), the app running with its outbox worker as in production.
 *  - push hand-off: time from POST /api/service-requests to each notified technician's push
 *    reaching the push service (p50/p99 over 200 requests, 5 pushes each);
 *  - e-mail fallback hand-off: the same technicians without subscriptions; time from the POST to
 *    each e-mail reaching a local SMTP server (p50/p99 over 50 requests).
 *   npx tsx bench/notify.ts [--technicians 1000] [--requests 200] [--email-requests 50] [--embedded true]
 * Targets: push hand-off p99 < 1 s; fallback e-mail hand-off < 5 s.
 */
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/infra/database';
import {
  jobNotifications,
  plans,
  pushSubscriptions,
  subscriptions,
  technicians,
  users,
} from '../src/server/db/schema';
import { hashPassword } from '../src/server/infra/password';
import { LOCATIONS } from '../src/shared/constants/locations';
import { startPushStandIn } from '../tests/helpers/push-stand-in';
import { startSmtpStandIn } from '../tests/helpers/smtp-stand-in';
import { arg, ms } from './lib';

const N = Number(arg('technicians', '1000'));
const REQUESTS = Number(arg('requests', '200'));
const EMAIL_REQUESTS = Number(arg('email-requests', '50'));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** A fresh database: PostgreSQL `wrenchly_bench_notify` when reachable, else embedded PGlite. */
async function freshDatabase(): Promise<{ database: Database; kind: string }> {
  const base = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  if (arg('embedded', 'false') !== 'true') {
    try {
      const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
      await admin.connect();
      await admin.query('drop database if exists wrenchly_bench_notify with (force)');
      await admin.query('create database wrenchly_bench_notify');
      await admin.end();
      const u = new URL(base);
      u.pathname = '/wrenchly_bench_notify';
      const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 20 });
      await database.migrate();
      return { database, kind: 'PostgreSQL' };
    } catch {
      // fall through to the embedded database
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.migrate();
  return { database, kind: 'PGlite (in memory)' };
}

const push = await startPushStandIn();
const smtp = await startSmtpStandIn();
const { database, kind } = await freshDatabase();
const { db } = database;
const vapid = webpush.generateVAPIDKeys();
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@example.com',
    SMTP_URL: smtp.url,
    // Each request comes from its own customer (the per-network request limit is 20 an hour).
    TRUST_PROXY: '1',
  }),
  port: 0,
};
// The worker runs as in production (backgroundJobs on): woken by NOTIFY at each commit.
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
console.log(
  `notify benchmark: ${N} technicians on ${kind}, outbox worker on, web-push + SMTP stand-ins`,
);

// N technicians spread around the 9 named locations, every one with a push subscription.
const hash = await hashPassword('bench-password-1');
const techIds: number[] = [];
for (let i = 0; i < N; i += 200) {
  const batch = Array.from({ length: Math.min(200, N - i) }, (_, j) => i + j);
  const us = await db
    .insert(users)
    .values(
      batch.map((k) => ({
        username: `bench.notify.${k}`,
        email: `bench.notify.${k}@example.com`,
        passwordHash: hash,
        role: 'technician' as const,
        status: 'approved' as const,
        firstName: 'Bench',
        lastName: `Tech${k}`,
      })),
    )
    .returning({ id: users.id });
  const ts = await db
    .insert(technicians)
    .values(
      us.map((u, j) => {
        const k = batch[j]!;
        const loc = LOCATIONS[k % LOCATIONS.length]!;
        const ring = Math.floor(k / LOCATIONS.length);
        return {
          userId: u.id,
          location: loc.name,
          zipCode: loc.zip,
          latitude: loc.latitude + ((ring % 10) - 5) * 0.01,
          longitude: loc.longitude + (Math.floor(ring / 10) % 10) * 0.01,
          hourlyRateCents: 9000,
          specialties: ['Electrical'],
          serviceRadiusMiles: 50,
        };
      }),
    )
    .returning({ id: technicians.id });
  techIds.push(...ts.map((t) => t.id));
}
// Dispatch matches only technicians on an active plan (docs/decisions/014): all on Professional.
const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Professional'));
const periodStart = new Date();
for (let i = 0; i < techIds.length; i += 500)
  await db.insert(subscriptions).values(
    techIds.slice(i, i + 500).map((technicianId) => ({
      technicianId,
      planId: plan!.id,
      status: 'active' as const,
      provider: 'sandbox',
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date(periodStart.getTime() + 30 * 86_400_000),
    })),
  );
const subs = techIds.map(() => push.subscribe());
for (let i = 0; i < techIds.length; i += 500)
  await db.insert(pushSubscriptions).values(
    techIds.slice(i, i + 500).map((technicianId, j) => ({
      technicianId,
      endpoint: subs[i + j]!.endpoint,
      p256dh: subs[i + j]!.keys.p256dh,
      auth: subs[i + j]!.keys.auth,
    })),
  );
await app.technicianIndex.current();

/** notificationId -> when its push reached the push service (epoch ms). */
const arrivals = new Map<number, number>();

async function post(i: number) {
  const loc = LOCATIONS[i % LOCATIONS.length]!;
  const t0 = Date.now();
  const res = await fetch(`${base}/api/service-requests`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
    body: JSON.stringify({
      serviceType: 'Electrical',
      description: `Bench ${i}: battery light on.`,
      vehicleInfo: '2017 Ford Escape',
      urgency: 'high',
      location: loc.name,
      customerName: 'Bench Customer',
      customerEmail: `bench.customer.${i}@example.com`,
    }),
  });
  const body = (await res.json()) as { id: number; notifiedTechnicians: number };
  if (res.status !== 201 || body.notifiedTechnicians !== 5)
    throw new Error(`expected 5 notified, got ${res.status} ${JSON.stringify(body)}`);
  const notes = await db
    .select({ id: jobNotifications.id, technicianId: jobNotifications.technicianId })
    .from(jobNotifications)
    .where(eq(jobNotifications.serviceRequestId, body.id));
  return { t0, notes };
}

async function waitFor(test: () => boolean, what: string, limitMs = 10_000) {
  const deadline = performance.now() + limitMs;
  while (!test()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

// Phase 1: push.
let seen = 0;
const scan = () => {
  for (; seen < push.received.length; seen++) {
    const p = push.received[seen]!;
    if (p.message.kind === 'job') arrivals.set(p.message.notificationId as number, p.at);
  }
};
const pushTimes: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const { t0, notes } = await post(i);
  await waitFor(() => {
    scan();
    return notes.every((n) => arrivals.has(n.id));
  }, `the pushes of request ${i}`);
  for (const n of notes) pushTimes.push(arrivals.get(n.id)! - t0);
}
console.log(
  `push hand-off (${REQUESTS} requests, ${pushTimes.length} pushes): p50 ${ms(pct(pushTimes, 50))}  p99 ${ms(pct(pushTimes, 99))}  max ${ms(Math.max(...pushTimes))} (target p99 < 1 s)`,
);
if (push.rejected.length)
  console.log(`push service rejected ${push.rejected.length}:`, push.rejected[0]);

// Phase 2: the same technicians without subscriptions: the e-mail fallback.
await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.technicianId, techIds));
const emailOf = new Map(
  (
    await db
      .select({ id: technicians.id, email: users.email })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(inArray(technicians.id, techIds))
  ).map((r) => [r.id, r.email]),
);
const mailTimes: number[] = [];
for (let i = 0; i < EMAIL_REQUESTS; i++) {
  const start = smtp.received.length;
  const { t0, notes } = await post(REQUESTS + i);
  const wanted = new Set(notes.map((n) => emailOf.get(n.technicianId)!));
  const got = new Map<string, number>();
  await waitFor(() => {
    for (const m of smtp.received.slice(start))
      for (const to of m.to)
        if (wanted.has(to) && !got.has(to) && m.data.includes('New Electrical job'))
          got.set(to, m.at);
    return got.size === wanted.size;
  }, `the e-mails of request ${i}`);
  for (const at of got.values()) mailTimes.push(at - t0);
}
console.log(
  `e-mail fallback hand-off (${EMAIL_REQUESTS} requests, ${mailTimes.length} e-mails): p50 ${ms(pct(mailTimes, 50))}  p99 ${ms(pct(mailTimes, 99))}  max ${ms(Math.max(...mailTimes))} (target < 5 s)`,
);

await app.close();
await database.close();
await push.close();
await smtp.close();
process.exit(0);
