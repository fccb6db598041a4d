import { centsToDecimal } from '../../../shared/money';
import type { JobNotification } from '../../../shared/schemas/dispatch';
import type * as q from './dispatch.queries';

type Row = NonNullable<Awaited<ReturnType<typeof q.notificationById>>>;

export function toJobNotification(row: Row, now: Date): JobNotification {
  const { n, r, c } = row;
  // A pending notification past its expiry reads as expired even before the sweep runs.
  const status = n.status === 'pending' && n.expiresAt <= now ? 'expired' : n.status;
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
      location: r.location,
      description: r.description,
      preferredDate: r.preferredDate,
      estimatedCost: r.estimatedCostCents === null ? null : centsToDecimal(r.estimatedCostCents),
      status: r.status,
      customer: {
        firstName: c.firstName || r.contactName || 'Customer',
        lastName: c.lastName,
        email: r.contactEmail ?? c.email,
        phone: r.contactPhone ?? c.phone,
      },
    },
  };
}
