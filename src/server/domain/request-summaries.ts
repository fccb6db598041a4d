import { formatReference } from '@shared/service-request-rules';
import type { ServiceRequestSummary } from '@shared/schemas/service-request-views';
import { fullName, shortName } from './names';
import type { RequestSummaryRow } from './request-summaries.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * One line of a list of requests (serviceRequestSummarySchema): the customer's requests and the
 * technician's jobs show the same line.
 */
export function requestSummaryOut(row: RequestSummaryRow): ServiceRequestSummary {
  const { r } = row;
  return {
    id: r.id,
    reference: formatReference(r.id),
    status: r.status,
    serviceType: r.serviceType,
    urgency: r.urgency,
    location: r.location,
    vehicleInfo: r.vehicleInfo,
    customerName:
      r.contactName ?? shortName({ firstName: row.customerFirst, lastName: row.customerLast }),
    customerEmail: r.contactEmail ?? row.customerEmail,
    technicianName: row.techFirst
      ? fullName({ firstName: row.techFirst, lastName: row.techLast })
      : null,
    windowStart: iso(r.windowStart),
    windowEnd: iso(r.windowEnd),
    dispatchRound: r.dispatchRound,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
