import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { realtimeEvents } from '../db/schema';
import { OUTBOX_CHANNEL } from './outbox';

/** Events to the streams of every instance, through PostgreSQL LISTEN/NOTIFY (ADR 004). */
export const REALTIME_CHANNEL = 'wrenchly_events';
/** Payload-less NOTIFY channels other parts of the app wake up on (the outbox worker's). */
export const SIGNAL_CHANNELS = [OUTBOX_CHANNEL] as const;
export type SignalChannel = (typeof SIGNAL_CHANNELS)[number];

/** Whose stream an event belongs to: a technician's, or a service request's (its viewers'). */
export type RealtimeTopic = { technicianId: number } | { serviceRequestId: number };

export type RealtimeEvent = {
  id: number;
  technicianId?: number;
  serviceRequestId?: number;
  type: string;
  payload: Record<string, unknown>;
};

export type Realtime = {
  /**
   * Records an event for a topic and announces it with NOTIFY. Call it inside the
   * transaction that makes the change: PostgreSQL delivers the NOTIFY only at commit.
   */
  publish(
    tx: DbOrTx,
    e: RealtimeTopic & { type: string; payload: Record<string, unknown> },
  ): Promise<void>;
  /** Local subscription to one topic's events (from this or any other instance). */
  subscribe(topic: RealtimeTopic, listener: (e: RealtimeEvent) => void): () => void;
  /** Events after `afterId` for a topic, to resume a stream. */
  since(topic: RealtimeTopic, afterId: number): Promise<RealtimeEvent[]>;
  /** Calls `fn` on every NOTIFY of a signal channel, from any instance. */
  onSignal(channel: SignalChannel, fn: () => void): () => void;
};

/** Drops events older than an hour: long enough for any reconnect to resume. */
export function pruneRealtimeEvents(db: DbOrTx, now: Date) {
  return db
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, new Date(now.getTime() - 3600_000)));
}
