import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatReference } from '@shared/service-request-rules';
import { formatPhone } from '@shared/phone';
import { formatWindow } from '@shared/service-time';
import type { serviceRequests } from '../../db/schema';
import { composeMail, type MailMessage } from '../../infra/mailer';
import { fullName } from '../../domain/names';
import { requestPageUrl } from '../../domain/request-links';
import type * as q from './dispatch.queries';

type Request = typeof serviceRequests.$inferSelect;
type TechnicianContact = NonNullable<Awaited<ReturnType<typeof q.technicianContact>>>;

/** To the customer when every round went by without a technician; none without an address. */
export function unmatchedMail(
  app: FastifyInstance,
  request: Request,
  /** Technicians the request was offered to: it says what happened, nobody or no taker. */
  offered: number,
): MailMessage | null {
  if (!request.contactEmail) return null;
  return {
    to: request.contactEmail,
    template: 'request_unmatched',
    subject: `We could not find a technician for your ${request.serviceType} request (${formatReference(request.id)})`,
    ...composeMail([
      `Hi ${request.contactName ?? 'there'},`,
      offered > 0
        ? `We offered your ${request.serviceType} request to ${offered} qualified ${offered === 1 ? 'technician' : 'technicians'} near ${request.location}, but none was able to take it.`
        : `No qualified technician near ${request.location} was available to take your ${request.serviceType} request, so we could not offer it to anyone.`,
      `You can try again or reach technicians farther away from your request's page:\n${requestPageUrl(app.config, request.id)}`,
      `Or contact us at ${BRAND.supportEmail} and we will help you find someone.`,
    ]),
  };
}

export function jobAcceptedMail(
  app: FastifyInstance,
  to: string,
  r: Request,
  tech: TechnicianContact,
): MailMessage {
  const name = fullName(tech);
  return {
    to,
    template: 'job_accepted',
    subject: `${name} accepted your ${r.serviceType} request (${formatReference(r.id)})`,
    ...composeMail([
      `Hi ${r.contactName ?? 'there'},`,
      `Good news: ${name}, a certified ${BRAND.name} technician, accepted your ${r.serviceType} request in ${r.location}.`,
      `Phone: ${tech.phone ? formatPhone(tech.phone) : 'not listed'}`,
      r.windowStart && r.windowEnd && r.windowConfirmedAt
        ? `${tech.firstName} is booked for the window you picked: ${formatWindow(r.windowStart, r.windowEnd)}. Follow your request here:\n${requestPageUrl(app.config, r.id)}`
        : `${tech.firstName} will propose an arrival window shortly. Confirm it and follow your request here:\n${requestPageUrl(app.config, r.id)}`,
    ]),
  };
}
