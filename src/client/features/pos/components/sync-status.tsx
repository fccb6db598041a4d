import { formatAmount } from '@shared/money';
import { CloudUpload, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import type { Change } from '../offline/changes';
import { usePosSync } from '../offline/pos-sync';
import { useSyncCounts, waitingLabel } from './sync-counts';

const METHODS = { cash: 'Cash', check: 'Check', digital: 'Digital wallet' };

/** What a change was, in the technician's words. */
function describe(c: Change) {
  switch (c.kind) {
    case 'quote.create':
      return `New quote for ${c.payload.customerName}`;
    case 'quote.update':
      return `Changes to the quote for ${c.payload.body.customerName}`;
    case 'quote.sign':
      return "Customer's signature of a quote";
    case 'invoice.create':
      return 'Invoice from a signed quote';
    case 'payment.record':
      return `${METHODS[c.payload.method]} payment of ${formatAmount(c.payload.amount)}`;
  }
}

/**
 * The point of sale's queue: how many changes wait to sync, and each one the server refused
 * with its reason and a way to discard it (and what depends on it).
 */
export function SyncStatus() {
  const { discard } = usePosSync();
  const { waiting, refused } = useSyncCounts();
  if (waiting === 0 && refused.length === 0) return null;
  return (
    <section aria-label="Changes on this device" className="mb-6 space-y-3">
      {waiting > 0 && (
        <p
          role="status"
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900"
        >
          <CloudUpload className="h-4 w-4" aria-hidden="true" />
          {waitingLabel(waiting)}
        </p>
      )}
      {refused.length > 0 && (
        <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
          <p className="flex items-center gap-1.5 font-medium text-red-800">
            <TriangleAlert className="h-4 w-4" aria-hidden="true" />
            {refused.length === 1
              ? '1 change could not be synced'
              : `${refused.length} changes could not be synced`}
          </p>
          <ul aria-label="Changes not synced" className="space-y-2">
            {refused.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded bg-white p-2"
              >
                <div>
                  <p className="text-sm font-medium">{describe(c)}</p>
                  <p className="text-sm text-red-700">{c.error}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void discard(c.id).then((n) =>
                      notify({
                        title: 'Discarded',
                        description: n === 1 ? '1 change discarded' : `${n} changes discarded`,
                      }),
                    )
                  }
                >
                  Discard
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
