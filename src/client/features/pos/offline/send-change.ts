import { ApiError, apiRequest, type ApiRequest } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/connectivity';
import { approveQuote } from '../api/approve-quote';
import { createInvoice } from '../api/create-invoice';
import { createQuote } from '../api/create-quote';
import { recordPayment } from '../api/record-payment';
import { updateQuote } from '../api/update-quote';
import { DEPENDS_MESSAGE, type Change, type DocRef } from './changes';
import type { Failure } from './sync-engine';

/** A change names a record the device has no server id for (its create never synced). */
class UnresolvedRecord extends Error {}

function serverIdOf(ref: DocRef, serverId: (clientId: string) => number | undefined) {
  const id = ref.id ?? (ref.clientId ? serverId(ref.clientId) : undefined);
  if (id === undefined) throw new UnresolvedRecord(DEPENDS_MESSAGE);
  return id;
}

/**
 * Sends one change through the point of sale's endpoints. Creates carry the change's id as
 * their clientId; an invoice or payment names a record made offline by its client id until the
 * device knows its server id; edits and signatures need the server id (synced just before).
 */
export function createSender(request: ApiRequest = apiRequest) {
  return async (change: Change, serverId: (clientId: string) => number | undefined) => {
    switch (change.kind) {
      case 'quote.create':
        return createQuote({ ...change.payload, clientId: change.id }, request);
      case 'quote.update':
        return updateQuote(
          serverIdOf(change.payload.quote, serverId),
          change.payload.body,
          request,
        );
      case 'quote.sign':
        return approveQuote(
          serverIdOf(change.payload.quote, serverId),
          { signature: change.payload.signature, version: change.payload.version },
          request,
        );
      case 'invoice.create': {
        const { quote } = change.payload;
        const ref = quote.id !== null ? { quoteId: quote.id } : { quoteClientId: quote.clientId! };
        return createInvoice({ ...ref, clientId: change.id }, request);
      }
      case 'payment.record': {
        const { invoice, ...payment } = change.payload;
        const ref = !invoice
          ? {}
          : invoice.id !== null
            ? { invoiceId: invoice.id }
            : { invoiceClientId: invoice.clientId };
        return recordPayment({ ...payment, ...ref, clientId: change.id }, request);
      }
    }
  };
}

/**
 * No answer, a server error, too many requests or a lapsed session: try again later. Any other
 * 4xx is the server refusing this change, with its message.
 */
export function classify(err: unknown): Failure {
  if (err instanceof ApiError) {
    if (err.status >= 500 || err.status === 401 || err.status === 408 || err.status === 429)
      return { kind: 'retry' };
    return {
      kind: 'refused',
      message: err.serverMessage ?? `The server refused this change (${err.status})`,
      error: err,
    };
  }
  if (isNetworkError(err)) return { kind: 'retry' };
  return {
    kind: 'refused',
    message: err instanceof Error && err.message ? err.message : 'This change could not be synced',
    error: err,
  };
}
