import { formatReference } from '@shared/service-request-rules';
import type { AdminMessage } from '@shared/schemas/admin';
import type { ServiceRequestSummary } from '@shared/schemas/service-request-views';
import { fullName } from '../../domain/names';
import type * as q from './admin.records.queries';

type Row<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One line of the admin's Service Requests list. */
export function toAdminServiceRequestSummary(
  r: Row<typeof q.listServiceRequests>['rows'][number],
): ServiceRequestSummary {
  const s = r.request;
  return {
    id: s.id,
    reference: formatReference(s.id),
    status: s.status,
    serviceType: s.serviceType,
    urgency: s.urgency,
    location: s.location,
    vehicleInfo: s.vehicleInfo,
    customerName: s.contactName || fullName(r.customer) || r.customer.email,
    customerEmail: s.contactEmail ?? r.customer.email,
    technicianName: r.techFirstName
      ? fullName({ firstName: r.techFirstName, lastName: r.techLastName })
      : null,
    windowStart: iso(s.windowStart),
    windowEnd: iso(s.windowEnd),
    dispatchRound: s.dispatchRound,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toAdminMessage(r: NonNullable<Row<typeof q.contactMessageById>>): AdminMessage {
  const m = r.message;
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    priority: m.priority,
    createdAt: m.createdAt.toISOString(),
    handledAt: iso(m.handledAt),
    handledBy: m.handledAt
      ? r.byFirstName
        ? fullName({ firstName: r.byFirstName, lastName: r.byLastName })
        : r.byUsername
      : null,
  };
}
