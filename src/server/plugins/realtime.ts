import { EventEmitter } from 'node:events';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { realtimeEvents } from '../db/schema';
import {
  REALTIME_CHANNEL,
  SIGNAL_CHANNELS,
  type Realtime,
  type RealtimeEvent,
} from '../infra/realtime';

const keyOf = (t: { technicianId?: number | null; serviceRequestId?: number | null }) =>
  t.technicianId != null ? `t:${t.technicianId}` : `r:${t.serviceRequestId}`;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Fan-out through LISTEN/NOTIFY: on PostgreSQL every app instance listens on one channel, so
 * an event written by any instance reaches streams held by all; on PGlite it is in-process.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (raw: string) => {
    try {
      const e = JSON.parse(raw) as RealtimeEvent;
      emitter.emit(keyOf(e), e);
    } catch (err) {
      app.log.warn({ err }, 'realtime: bad notification payload');
    }
  };

  const signals = new EventEmitter();
  signals.setMaxListeners(0);
  const onNotification = (channel: string, raw: string) =>
    channel === REALTIME_CHANNEL ? deliver(raw) : signals.emit(channel);

  let stop: () => Promise<void> = async () => {};
  const { database } = app;
  if (database.pglite) {
    const { pglite } = database;
    const unlisten = await Promise.all(
      [REALTIME_CHANNEL, ...SIGNAL_CHANNELS].map((channel) =>
        pglite.listen(channel, (raw) => onNotification(channel, raw)),
      ),
    );
    // Closing the database ends its listeners too.
    stop = async () => {
      if (!pglite.closed) await Promise.all(unlisten.map((u) => u()));
    };
  } else if (database.pool) {
    stop = await listenPostgres(app, database.pool, onNotification);
  }
  app.addHook('onClose', async () => {
    await stop().catch((err: unknown) =>
      app.log.warn({ err }, 'realtime: could not stop listening'),
    );
    emitter.removeAllListeners();
    signals.removeAllListeners();
  });

  app.decorate('realtime', {
    async publish(tx, e) {
      const [row] = await tx
        .insert(realtimeEvents)
        .values({
          technicianId: 'technicianId' in e ? e.technicianId : null,
          serviceRequestId: 'serviceRequestId' in e ? e.serviceRequestId : null,
          type: e.type,
          payload: e.payload,
        })
        .returning({ id: realtimeEvents.id });
      const event: RealtimeEvent = { id: row!.id, ...e };
      await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(topic, listener) {
      const key = keyOf(topic);
      emitter.on(key, listener);
      return () => emitter.off(key, listener);
    },
    async since(topic, afterId) {
      const rows = await app.db
        .select()
        .from(realtimeEvents)
        .where(
          and(
            'technicianId' in topic
              ? eq(realtimeEvents.technicianId, topic.technicianId)
              : eq(realtimeEvents.serviceRequestId, topic.serviceRequestId),
            gt(realtimeEvents.id, afterId),
          ),
        )
        .orderBy(asc(realtimeEvents.id))
        .limit(500);
      return rows.map((r) => ({
        id: r.id,
        ...(r.technicianId != null ? { technicianId: r.technicianId } : {}),
        ...(r.serviceRequestId != null ? { serviceRequestId: r.serviceRequestId } : {}),
        type: r.type,
        payload: r.payload,
      }));
    },
    onSignal(channel, fn) {
      signals.on(channel, fn);
      return () => signals.off(channel, fn);
    },
  } satisfies Realtime);
});

/** A dedicated connection that LISTENs, reconnecting with backoff if it drops. */
async function listenPostgres(
  app: FastifyInstance,
  pool: pg.Pool,
  deliver: (channel: string, raw: string) => void,
) {
  const channels = [REALTIME_CHANNEL, ...SIGNAL_CHANNELS];
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (attempt = 0): Promise<void> => {
    let c: pg.PoolClient | undefined;
    let released = false;
    const drop = () => {
      if (c && !released) {
        released = true;
        c.release(true);
      }
      if (client === c) client = undefined;
    };
    try {
      c = await pool.connect();
      client = c;
      c.on('notification', (n) => deliver(n.channel, n.payload ?? ''));
      c.on('error', (err) => {
        if (closed) return; // stop() has released it already
        drop();
        app.log.warn({ err }, 'realtime: listener connection lost; reconnecting');
        retry = setTimeout(() => void connect(1), 500);
      });
      await c.query(channels.map((ch) => `LISTEN ${ch}`).join('; '));
    } catch (err) {
      drop();
      if (closed) return;
      const delay = Math.min(10_000, 500 * 2 ** attempt);
      app.log.warn({ err, delay }, 'realtime: cannot LISTEN yet; retrying');
      retry = setTimeout(() => void connect(attempt + 1), delay);
    }
  };
  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      await c.query('UNLISTEN *').catch(() => {});
      // Listening connections are not reused.
      c.removeAllListeners('notification');
      c.on('error', () => {});
      c.release(true);
    }
  };
}
