import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_INT4 } from '@shared/schemas/common';
import type { RealtimeEvent, RealtimeTopic } from './realtime';
import { trackPresence } from './presence';

const HEARTBEAT_MS = 25_000;
/** When the instance stops: come back after this, plus up to the spread. */
export const RECONNECT_MS = 500;
const RECONNECT_SPREAD_MS = 2_000;

/**
 * Open streams per app, ended as the app starts closing (preClose, before the server waits for
 * its connections): each is told to come back in a moment and ended, so EventSource reconnects
 * (with Last-Event-ID) through the load balancer to an instance that is still serving.
 */
const openStreams = new WeakMap<FastifyInstance, Set<() => void>>();

/** How many event streams this instance holds open now (metrics). */
export const openStreamCount = (app: FastifyInstance) => openStreams.get(app)?.size ?? 0;

function streamsOf(app: FastifyInstance) {
  let set = openStreams.get(app);
  if (!set) {
    const created = new Set<() => void>();
    set = created;
    openStreams.set(app, created);
    app.addHook('preClose', async () => {
      for (const end of created) end();
    });
  }
  return set;
}

/** Registers the onClose hook that ends open streams; call while the app is being built. */
export function registerEventStreams(app: FastifyInstance) {
  streamsOf(app);
}

/** The resume point: the Last-Event-ID header (browsers send it), else `?lastEventId=`. */
export function lastEventIdOf(request: FastifyRequest, fromQuery?: number) {
  const header = Number(request.headers['last-event-id']);
  return Number.isInteger(header) && header >= 0 && header <= MAX_INT4 ? header : fromQuery;
}

/**
 * Server-Sent Events for one topic. Each event carries its id; a reconnecting client sends
 * Last-Event-ID and receives what it missed. Subscribes first, then replays, so nothing falls
 * between the two.
 *
 * `stillAllowed`, when given, is asked before every event is written (access is checked when
 * the stream opens, but it can be lost while it is open: a technician gives the job back).
 * When it says no (or fails), the stream is told `access-lost` and ended without that event;
 * a reconnect then meets the route's own check.
 */
export async function streamTopic(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  topic: RealtimeTopic,
  lastEventId: number | undefined,
  stillAllowed?: () => Promise<boolean>,
) {
  const streams = streamsOf(app);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let lastSent = lastEventId ?? 0;
  const write = (e: RealtimeEvent) => {
    if (closed || e.id <= lastSent) return;
    lastSent = e.id;
    res.write(
      `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, ...e.payload })}\n\n`,
    );
  };
  // With a check, events go out one at a time, each after the check that it may.
  let queue = Promise.resolve();
  const send = (e: RealtimeEvent) => {
    if (!stillAllowed) return write(e);
    queue = queue.then(async () => {
      if (closed || e.id <= lastSent) return;
      const allowed = await stillAllowed().catch(() => false);
      if (allowed) write(e);
      else lose();
    });
  };
  const buffered: RealtimeEvent[] = [];
  let replaying = true;
  const unsubscribe = app.realtime.subscribe(topic, (e) =>
    replaying ? buffered.push(e) : send(e),
  );
  const timer: { heartbeat?: NodeJS.Timeout } = {};
  // A technician's open stream: dispatch alerts them here instead of by e-mail or SMS.
  const presence = 'technicianId' in topic ? trackPresence(app, topic.technicianId) : null;
  let closed = false;
  const cleanup = () => {
    if (closed) return;
    closed = true;
    if (timer.heartbeat) clearInterval(timer.heartbeat);
    unsubscribe();
    presence?.end();
    streams.delete(end);
  };
  const end = () => {
    cleanup();
    // Spread over 0.5-2.5 s, so the streams of a stopping instance do not all return at once.
    res.end(
      `retry: ${RECONNECT_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n` +
        `event: reconnect\ndata: {}\n\n`,
    );
  };
  const lose = () => {
    if (closed) return;
    cleanup();
    res.end(`event: access-lost\ndata: {}\n\n`);
  };
  // Before any await: a client gone during the replay is cleaned up too.
  streams.add(end);
  request.raw.on('close', cleanup);
  res.write(`retry: 3000\n\n`);
  if (lastEventId !== undefined) {
    const missed = await app.realtime.since(topic, lastEventId);
    if (closed) return;
    for (const e of missed) send(e);
  }
  replaying = false;
  buffered.sort((a, b) => a.id - b.id).forEach(send);
  const ready = () => {
    if (!closed) res.write(`event: ready\ndata: {}\n\n`);
  };
  if (stillAllowed) queue = queue.then(ready);
  else ready();
  timer.heartbeat = setInterval(() => {
    res.write(`: keep-alive\n\n`);
    presence?.touch();
  }, HEARTBEAT_MS);
}
