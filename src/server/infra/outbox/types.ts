import type { OutboxChannel } from '@shared/schemas/notifications';
import type { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * A file an e-mail carries, by reference: the outbox row stores what to render (a kind and the
 * record's id) and the name and type it will have, never the bytes; the SMTP transport renders it
 * when the message is delivered (so a queued e-mail stays small and always carries the record as
 * it is then).
 */
export type AttachmentRef = {
  /** Which renderer makes it, e.g. 'quote' (registered by the feature that owns the record). */
  kind: string;
  id: number;
  filename: string;
  contentType: string;
};

/** A message to send: written to the outbox in the caller's transaction, sent by the worker. */
export type OutboxInput = {
  /** Default 'email'. */
  channel?: OutboxChannel;
  /** E-mail address, E.164 phone, or push endpoint. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The kind of message, e.g. 'application_received'. */
  template: string;
  payload?: Record<string, unknown>;
  /**
   * Files an e-mail carries, by reference (stored in the payload as `attachments`); rendered
   * when the message is delivered, never stored.
   */
  attachments?: AttachmentRef[];
  /**
   * At most one message per key: a second enqueue with the same key is a no-op. Name the
   * cause (`new_job:42:email`); left out, the message is its own cause.
   */
  key?: string;
  /** Not sent after this (a job alert once its notification has closed). */
  expiresAt?: Date;
  /** Not sent before this (news held until the recipient's quiet hours end). */
  notBefore?: Date;
};

/** What one delivery attempt came to. */
export type DeliveryOutcome =
  | { status: 'sent' }
  /** Transient (429, 5xx, a connection lost mid-message): retried with backoff. */
  | { status: 'retry'; error: string }
  /**
   * The service itself could not be reached (no connection was made): nothing left, so the
   * message keeps its place and its attempts, and the channel pauses until the service is back.
   */
  | { status: 'unreachable'; error: string }
  /** Permanent (the address or request was refused): not retried. */
  | { status: 'failed'; error: string }
  /** Pointless now (the device unsubscribed, the job closed): dropped. */
  | { status: 'canceled'; error: string; gone?: boolean };

/** Sends one message of its channel. Never throws: every failure is an outcome. */
export type Transport = {
  /** Where messages go, for the admin view and logs ('smtp', 'twilio', 'web-push'). */
  readonly name: string;
  /**
   * How many messages the transport has at its service at once (an SMTP pool's connections).
   * The worker hands it no more than that: a message it holds is then one the service has, and
   * a message not handed over yet can go back to the queue when the instance stops. Unset: the
   * worker's own concurrency.
   */
  readonly concurrency?: number;
  deliver(row: OutboxRow): Promise<DeliveryOutcome>;
  close?(): void | Promise<void>;
};

export const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000);
