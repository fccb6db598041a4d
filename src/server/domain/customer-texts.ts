import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import type { ServiceRequestRow } from './request-timeline';
import type { OutboxInput } from '../infra/outbox';
import { publicBaseUrl } from '../infra/public-url';
import { requestPagePath } from './request-links';

/**
 * Texts to a request's customer, when they asked for them on the request (their number and
 * consent time on the row; stopping clears the time). Through the outbox's SMS channel, keyed
 * by their cause so a retried move or a second enqueue sends nothing twice.
 */

/** The follow link (the kind a texted phone may hold: it does not prove the e-mail address). */
export const requestTextLink = (app: FastifyInstance, id: number) =>
  `${publicBaseUrl(app.config)}${requestPagePath(app.config.sessionSecret, id, 'follow')}`;

/** A text to the request's customer, or null when they have not opted in (or stopped). */
export function customerText(
  app: FastifyInstance,
  r: Pick<ServiceRequestRow, 'id' | 'smsUpdatesPhone' | 'smsUpdatesConsentAt'>,
  template: string,
  key: string,
  body: string,
): OutboxInput | null {
  if (!r.smsUpdatesPhone || !r.smsUpdatesConsentAt) return null;
  return {
    channel: 'sms',
    to: r.smsUpdatesPhone,
    template,
    key: `customer_sms:${key}`,
    subject: template,
    text: `${BRAND.name}: ${body} ${requestTextLink(app, r.id)}`,
  };
}
