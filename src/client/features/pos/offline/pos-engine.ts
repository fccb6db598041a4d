// The point of sale's sync engine for one technician, loaded only when a technician is signed
// in (pos-sync.tsx): visitors' pages do not download it.
import type { QueryClient } from '@tanstack/react-query';
import type { Invoice, PosPayment, Quote } from '@shared/schemas/pos';
import { createApiRequest } from '../../../lib/api-client';
import { browserOnline, isOnline } from '../../../lib/connectivity';
import { posKeys } from '../api/keys';
import type { Change } from './changes';
import { idbQueueStorage } from './queue-storage';
import { classify, createSender } from './send-change';
import { createSyncEngine, type QueueStorage, type SyncEngine } from './sync-engine';

/** How long a change waits for its answer before the run stops and tries again later. */
const SEND_TIMEOUT_MS = 20_000;
/** Poor signal can leave a request hanging: the sync gives each one a time limit. */
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });

/** Puts a record from the server's answer into its cached list (replacing an older copy). */
function upsert<T extends { id: number }>(qc: QueryClient, key: readonly unknown[], row: T) {
  qc.setQueryData<T[]>(key, (list) =>
    !list
      ? list
      : list.some((r) => r.id === row.id)
        ? list.map((r) => (r.id === row.id ? row : r))
        : [row, ...list],
  );
}

/** The server's answer replaces the change in the lists at once; the lists are then re-read. */
function showSynced(qc: QueryClient, technicianId: number, change: Change, result: unknown) {
  if (change.kind.startsWith('quote.')) upsert(qc, posKeys.quotes(technicianId), result as Quote);
  if (change.kind === 'invoice.create') {
    const inv = result as Invoice;
    upsert(qc, posKeys.invoices(technicianId), inv);
    qc.setQueryData<Quote[]>(posKeys.quotes(technicianId), (list) =>
      list?.map((q) => (q.id === inv.quoteId ? { ...q, invoiceId: inv.id } : q)),
    );
  }
  if (change.kind === 'payment.record')
    upsert(qc, posKeys.payments(technicianId), result as PosPayment);
  void qc.invalidateQueries({ queryKey: posKeys.all });
}

/** The queue of one signed-in technician (ADR 013), kept in IndexedDB unless told otherwise. */
export function createPosEngine(
  qc: QueryClient,
  userId: number,
  technicianId: number,
  storage: QueueStorage = idbQueueStorage(userId),
): SyncEngine {
  return createSyncEngine({
    storage,
    send: createSender(createApiRequest(timedFetch)),
    classify,
    isOnline,
    canSend: browserOnline,
    onSynced: (change, result) => showSynced(qc, technicianId, change, result),
  });
}
