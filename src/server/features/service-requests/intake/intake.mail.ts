import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { LIMITS } from '@shared/constants/domain';
import { formatReference } from '@shared/service-request-rules';
import { requestPath } from '@shared/paths';
import type { ServiceRequestRow } from '../../../domain/request-timeline';
import { requestPageUrl } from '../../../domain/request-links';
import { composeMail, type MailMessage } from '../../../infra/mailer';
import { publicBaseUrl } from '../../../infra/public-url';

/** How long the chosen technician has the request to themselves: one notification's lifetime. */
const FIRST_CHOICE_MINUTES = Math.round(LIMITS.notificationWindowMs / 60_000);

/**
 * The confirmation sent the moment a request is stored. A guest has no account to find the
 * request again, so theirs carries the signed link (the only way back if they close the tab);
 * a signed-in customer gets the plain page link (their session opens it). One per request.
 */
export function requestReceivedMail(
  app: FastifyInstance,
  r: ServiceRequestRow,
  {
    signedIn,
    chosenTechnician,
  }: {
    signedIn: boolean;
    /** The technician the customer sent it to from their profile: it goes to them first. */
    chosenTechnician: string | null;
  },
): MailMessage | null {
  if (!r.contactEmail) return null;
  const reference = formatReference(r.id);
  const link = signedIn
    ? `${publicBaseUrl(app.config)}${requestPath(reference)}`
    : requestPageUrl(app.config, r.id);
  return {
    to: r.contactEmail,
    template: 'request_received',
    key: `request_received:${r.id}`,
    subject: `We received your service request (${reference})`,
    ...composeMail([
      `Hi ${r.contactName ?? 'there'},`,
      `We received your ${r.serviceType} request ${reference} for ${r.location}.`,
      chosenTechnician
        ? `What happens next: we offer it to ${chosenTechnician}, whom you chose, first. If they pass or don't answer within ${FIRST_CHOICE_MINUTES} minutes, we offer it to other qualified technicians near you (if none is available, we tell you). When one accepts, we e-mail you their name and they propose a time for you to confirm. You can follow every step, confirm, sign and pay on your request page.`
        : 'What happens next: we offer it to qualified technicians near you now (if none is available, we tell you). When one accepts, we e-mail you their name and they propose a time for you to confirm. You can follow every step, confirm, sign and pay on your request page.',
      signedIn
        ? `Your request page (sign in to open it):\n${link}`
        : `Keep this link: it is the way back to your request (anyone with it can open it):\n${link}`,
      `— ${BRAND.name}`,
    ]),
  };
}
