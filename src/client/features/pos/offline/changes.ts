import type { CreateQuoteInput, UpdateQuoteInput } from '@shared/schemas/pos';

/**
 * What the technician did at the point of sale, kept on the device until the server has it
 * (ADR 013). Every create carries the client id the server makes it with, so that sending it
 * again is harmless; changes are sent strictly in the order they were made.
 */
export const CHANGE_KINDS = [
  'quote.create',
  'quote.update',
  'quote.sign',
  'invoice.create',
  'payment.record',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * A quote or invoice as the device knows it: its server id once it has one, its client id when
 * the device made it. At least one of the two is set.
 */
export type DocRef = { id: number | null; clientId: string | null };

export type OfflineMethod = 'cash' | 'check' | 'digital';

export type ChangePayloads = {
  'quote.create': Omit<CreateQuoteInput, 'clientId'>;
  'quote.update': { quote: DocRef; body: UpdateQuoteInput };
  /**
   * The version the customer was shown (ADR 026): the server refuses the signature when the
   * quote changed since (edited on another device), and the change shows as refused.
   */
  'quote.sign': { quote: DocRef; signature: string; version: number };
  'invoice.create': { quote: DocRef };
  'payment.record': {
    invoice: DocRef | null;
    amount: number;
    method: OfflineMethod;
    customerName?: string | null;
    customerEmail?: string | null;
  };
};

type ChangeOf<K extends ChangeKind> = {
  /** The change's own id (a UUID made on the device); a create's record gets it as clientId. */
  id: string;
  /**
   * What makes the server apply it once: a create's clientId. Edits and signatures are safe to
   * repeat by their content (a PUT replaces; the same signature approves once).
   */
  idempotency: string;
  kind: K;
  payload: ChangePayloads[K];
  createdAt: string;
  status: 'waiting' | 'error';
  /** Why the server refused it, or that a change it depends on could not be synced. */
  error?: string;
};
export type Change = { [K in ChangeKind]: ChangeOf<K> }[ChangeKind];

/** The device's queue: the changes in order, and the server ids of records synced from it. */
export type QueueState = {
  changes: Change[];
  /** clientId -> server id (kept for a week): later changes name records by client id. */
  ids: Record<string, { id: number; at: number }>;
};
export const EMPTY_QUEUE: QueueState = { changes: [], ids: {} };

export const DEPENDS_MESSAGE = 'Depends on a change that could not be synced';

const key = (kind: 'quote' | 'invoice', ref: DocRef) =>
  ref.clientId ? `${kind}:c:${ref.clientId}` : `${kind}:${ref.id}`;

/** The records a change makes or alters (a later change naming one depends on it). */
export function touches(c: Change): string[] {
  switch (c.kind) {
    case 'quote.create':
      return [key('quote', { id: null, clientId: c.id })];
    case 'quote.update':
    case 'quote.sign':
      return [key('quote', c.payload.quote)];
    case 'invoice.create':
      return [key('invoice', { id: null, clientId: c.id })];
    case 'payment.record':
      return [];
  }
}

/** The records a change needs as the earlier changes leave them. */
export function needs(c: Change): string[] {
  switch (c.kind) {
    case 'quote.create':
      return [];
    case 'quote.update':
    case 'quote.sign':
    case 'invoice.create':
      return [key('quote', c.payload.quote)];
    case 'payment.record':
      return c.payload.invoice ? [key('invoice', c.payload.invoice)] : [];
  }
}
