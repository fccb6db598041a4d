import type { FastifyInstance } from 'fastify';
import { specialtyToServiceType } from '@shared/constants/service-types';
import { distanceMiles } from '@shared/geo';
import type { DbOrTx } from '../../db/client';
import type { serviceRequests } from '../../db/schema';
import { offer } from './dispatch.offer';
import * as q from './dispatch.queries';

/**
 * The exclusive offer to the technician the customer sent the request to from their profile:
 * on the request's first dispatch, before round 1, that technician alone is notified (round 0),
 * for one notification's lifetime. A technician who cannot take it now (unavailable, credentials,
 * no plan delivering leads or at its monthly cap, no longer offering the service) is passed over
 * and the nearest are asked at once. Runs under the request's lock (`advance`), so the offer is
 * made once. `asked`: the technician has been offered it (now or before); `notified`: now.
 */
export async function offerToFirstChoice(
  app: FastifyInstance,
  tx: DbOrTx,
  request: typeof serviceRequests.$inferSelect,
): Promise<{ asked: boolean; notified: number }> {
  const id = request.preferredTechnicianId;
  // A dispatch started again (the customer widened the search, a technician gave the job back)
  // asks the nearest: the customer's first choice had their turn.
  if (id === null || request.dispatchStartedAt !== null || request.dispatchRound !== 0)
    return { asked: false, notified: 0 };
  if (await q.wasOffered(tx, request.id, id)) return { asked: true, notified: 0 };
  const tech = await q.firstChoiceTechnician(tx, id);
  if (!tech || !tech.specialties.some((s) => specialtyToServiceType(s) === request.serviceType))
    return { asked: false, notified: 0 };
  const now = app.clock();
  const eligible = await q.eligibleAmong(tx, {
    requestId: request.id,
    ids: [id],
    now,
    dispatchStartedAt: null,
  });
  if (!eligible.has(id)) return { asked: false, notified: 0 };
  const miles =
    request.latitude === null || request.longitude === null
      ? null
      : distanceMiles(
          { latitude: request.latitude, longitude: request.longitude },
          { latitude: tech.latitude, longitude: tech.longitude },
        );
  const notified = await offer(app, tx, request, 0, [{ technicianId: id, distanceMiles: miles }]);
  return { asked: notified > 0, notified };
}
