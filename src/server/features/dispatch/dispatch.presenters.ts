import { centsToDecimal } from '@shared/money';
import type { JobNotification } from '@shared/schemas/dispatch';
import { descriptionWithoutContact } from '@shared/schemas/service-requests';
import { areaOf } from '../../domain/places';
import type * as q from './dispatch.queries';

type Row = NonNullable<Awaited<ReturnType<typeof q.notificationById>>>;

/**
 * A lead as its technician sees it. Least data (ADR 027): the customer's contact and exact
 * location only while the job is theirs (accepted by this notification and still assigned to
 * them); a pending offer, and one declined, expired, given back or taken by another, shows the
 * area and the problem only.
 */
export function toJobNotification(row: Row, now: Date): JobNotification {
  const { n, r, c } = row;
  // A pending notification past its expiry reads as expired even before the sweep runs.
  const status = n.status === 'pending' && n.expiresAt <= now ? 'expired' : n.status;
  const holds = n.status === 'accepted' && r.assignedTechnicianId === n.technicianId;
  return {
    id: n.id,
    status,
    expiresAt: n.expiresAt.toISOString(),
    respondedAt: n.respondedAt?.toISOString() ?? null,
    declineReason: n.declineReason,
    distanceMiles: n.distanceMiles === null ? null : Math.round(n.distanceMiles * 10) / 10,
    round: n.round,
    createdAt: n.createdAt.toISOString(),
    serviceRequest: {
      id: r.id,
      serviceType: r.serviceType,
      urgency: r.urgency,
      location: holds ? r.location : areaOf(r.location),
      description: descriptionWithoutContact(r.description),
      preferredDate: r.preferredDate,
      requestedWindows: r.requestedWindows ?? [],
      estimatedCost: r.estimatedCostCents === null ? null : centsToDecimal(r.estimatedCostCents),
      status: r.status,
      customer: holds
        ? {
            firstName: c.firstName || r.contactName || 'Customer',
            lastName: c.lastName,
            email: r.contactEmail ?? c.email,
            phone: r.contactPhone ?? c.phone,
          }
        : null,
    },
  };
}
