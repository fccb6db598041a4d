import { formatAmount } from '@shared/money';
import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/jobs';
import type { DbOrTx } from '../db/client';
import type { Branding } from '@shared/schemas/branding';
import { brandingOf, composeBrandedMail, signOff } from './branding';
import { serviceRequestById } from './job-access.queries';
import { announce, type ServiceRequestRow } from './job-timeline';
import type { MailMessage } from '../infra/mailer';
import { pdfAttachment } from '../infra/outbox';
import { publicBaseUrl } from '../infra/public-url';
import { requestPageUrl } from './request-links';
import { customerText } from './customer-texts';

/**
 * A short, plain e-mail to the request's customer about it, with the link to its page (the
 * signed link, so a guest can open it too). None when the request has no address.
 */
export function customerMail(
  app: FastifyInstance,
  r: ServiceRequestRow,
  template: string,
  subject: string,
  lines: string[],
  linkLabel = 'Follow your request',
  branding: Branding | null = null,
): MailMessage | null {
  if (!r.contactEmail) return null;
  return {
    to: r.contactEmail,
    template,
    subject: `${subject} (${formatReference(r.id)})`,
    ...composeBrandedMail(
      [
        `Hi ${r.contactName ?? 'there'},`,
        ...lines,
        `${linkLabel}:\n${requestPageUrl(app.config, r.id)}`,
        signOff(branding),
      ],
      branding,
      publicBaseUrl(app.config),
    ),
  };
}

/**
 * A job's quote, invoice or payment changed at the point of sale: the request's page and the
 * technician's job page refresh; the customer is e-mailed when there is something to do
 * (a quote to sign, an invoice to pay). In the transaction of the change (the e-mail and the
 * refresh commit with it).
 */
export async function jobDocumentChanged(
  app: FastifyInstance,
  tx: DbOrTx,
  serviceRequestId: number | null,
  change:
    | { kind: 'quote'; id: number; number: string; total: string }
    | { kind: 'invoice'; id: number; number: string; total: string }
    | { kind: 'quote_signed' }
    | { kind: 'quote_updated' }
    | { kind: 'payment' },
) {
  if (serviceRequestId === null) return;
  const r = await serviceRequestById(tx, serviceRequestId);
  if (!r) return;
  // The quote or invoice is the assigned technician's: their branding, while their plan has it.
  const branding =
    change.kind === 'quote' || change.kind === 'invoice'
      ? await brandingOf(tx, r.assignedTechnicianId, app.clock())
      : null;
  const mail =
    change.kind === 'quote'
      ? customerMail(
          app,
          r,
          'job_quote_ready',
          `Your quote ${change.number} is ready to sign`,
          [
            `Your technician sent quote ${change.number} (${formatAmount(change.total)}) for your ${r.serviceType} request.`,
            'Read it and sign it on your request page when you agree.',
          ],
          'Review and sign',
          branding,
        )
      : change.kind === 'invoice'
        ? customerMail(
            app,
            r,
            'job_invoice_ready',
            `Your invoice ${change.number} is ready`,
            [
              `Invoice ${change.number} (${formatAmount(change.total)}) for your ${r.serviceType} job is ready.`,
              'You can pay it by card on your request page, or pay your technician directly.',
            ],
            'Pay your invoice',
            branding,
          )
        : null;
  await announce(app, tx, r, r, change.kind);
  // The quote or invoice itself goes with it, as a PDF (rendered when the e-mail is delivered).
  // A customer who opted in to texts hears of an invoice by text too.
  const text =
    change.kind === 'invoice'
      ? customerText(
          app,
          r,
          'job_invoice_ready',
          `invoice:${change.id}`,
          `invoice ${change.number} (${formatAmount(change.total)}) for ${formatReference(r.id)} is ready. Pay or view:`,
        )
      : null;
  if (text) await app.outbox.enqueue(tx, text);
  if (mail && (change.kind === 'quote' || change.kind === 'invoice'))
    await app.outbox.enqueue(tx, {
      ...mail,
      attachments: [pdfAttachment(change.kind, change.id, change.number)],
    });
}
