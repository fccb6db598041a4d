import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { authKeys } from '../features/auth/api/keys';
import { jobKeys } from '../features/jobs/api/keys';
import { posKeys } from '../features/pos/api/keys';
import { serviceRequestKeys } from '../features/service-requests/api/keys';
import { createQueryPersistence, idbSavedQueries } from '../lib/query-persistence';

/** What a technician reads offline (ADR 013): the point of sale's lists, their jobs and each job. */
export const keptOffline = (key: QueryKey) =>
  key[0] === posKeys.all[0] || key[0] === jobKeys.all[0] || key[0] === serviceRequestKeys.all[0];

/**
 * Keeps the technician's point-of-sale lists and jobs on the device for offline reading,
 * following who is signed in: a technician's come back, anyone else's are forgotten.
 */
export function persistOfflineQueries(qc: QueryClient) {
  const persistence = createQueryPersistence(qc, {
    store: idbSavedQueries(),
    shouldPersist: keptOffline,
  });
  const userHash = hashKey(authKeys.currentUser());
  const follow = () => {
    const user = qc.getQueryCache().get<CurrentUser | null>(userHash)?.state.data;
    // Unknown yet (still loading, or no network to ask): nothing changes.
    if (user === undefined) return;
    void persistence.setOwner(user?.technicianId != null ? user.id : null);
  };
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === userHash) follow();
  });
  follow();
  // Leaving the page: write what a pending (throttled) save would have, as far as time allows.
  const leaving = () => void persistence.flush();
  window.addEventListener('pagehide', leaving);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', leaving);
    persistence.stop();
  };
}
