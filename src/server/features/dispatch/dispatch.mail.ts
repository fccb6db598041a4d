import { BRAND } from '../../../shared/brand';
import type { serviceRequests } from '../../db/schema';
import { composeMail, type MailMessage } from '../../lib/mailer';
import { fullName } from '../../lib/names';
import type * as q from './dispatch.queries';

type Request = typeof serviceRequests.$inferSelect;
type TechnicianContact = NonNullable<Awaited<ReturnType<typeof q.technicianContact>>>;

/** To the customer when every round went by without a technician; none without an address. */
export function unmatchedMail(request: Request): MailMessage | null {
  if (!request.contactEmail) return null;
  return {
    to: request.contactEmail,
    template: 'request_unmatched',
    subject: `We could not find a technician for your ${request.serviceType} request`,
    ...composeMail([
      `Hi ${request.contactName ?? 'there'},`,
      `We contacted the qualified technicians near ${request.location} about your ${request.serviceType} request, but none was able to take it.`,
      `Please submit a new request with a later preferred date, or contact us at ${BRAND.supportEmail} and we will help you find someone.`,
    ]),
  };
}

export function jobAcceptedMail(to: string, r: Request, tech: TechnicianContact): MailMessage {
  const name = fullName(tech);
  return {
    to,
    template: 'job_accepted',
    subject: `${name} accepted your ${r.serviceType} request`,
    ...composeMail([
      `Hi ${r.contactName ?? 'there'},`,
      `Good news: ${name}, a certified ${BRAND.name} technician, accepted your ${r.serviceType} request in ${r.location}.`,
      `Contact: ${tech.phone ?? 'phone not listed'} · ${tech.email}`,
      'Your technician will get in touch to confirm the details and give you a quote.',
    ]),
  };
}
