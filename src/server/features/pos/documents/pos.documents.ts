import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import { formatPhone } from '@shared/phone';
import { AppError } from '../../../infra/app-error';
import { AttachmentGone } from '../../../infra/outbox';
import { hashToken, type SessionUser } from '../../../infra/session';
import { brandingLogoBytes, brandingOf } from '../../../domain/branding';
import { quoteReachedCustomer } from '../../../domain/request-documents';
import { resolveRequestViewer } from '../../../domain/request-access';
import type { DbOrTx } from '../../../db/client';
import {
  depositsOnInvoice,
  findInvoice,
  findQuote,
  findQuoteByTokenHash,
  paidThrough,
  paymentRowsById,
  technicianContact,
  type PaymentRow,
} from '../pos.queries';
import { quotesOut } from '../quotes/pos.quotes';
import { renderInvoicePdf } from './invoice-pdf';
import type { DocumentIssuer } from './pdf-layout';
import { renderQuotePdf } from './quote-pdf';
import { renderReceiptPdf, type ReceiptOf } from './receipt-pdf';

/**
 * The point of sale's documents as PDFs: who may download each (exactly those who may see the
 * document today), and the rendering, also used when an e-mail that attaches one is delivered.
 */

export type DocumentKind = 'quote' | 'invoice' | 'receipt';

export const NOT_FOUND: Record<DocumentKind, string> = {
  quote: 'Quote not found',
  invoice: 'Invoice not found',
  receipt: 'Receipt not found',
};
export const FAILED_PAYMENT_NO_RECEIPT =
  'This payment attempt failed: a failed attempt has no receipt';
export const PROCESSING_PAYMENT_NO_RECEIPT =
  'This payment is still processing: its receipt comes once it goes through';

/** Who asks: the signed-in user (if any) and the link token they hold (`?t=`, if any). */
export type DocumentViewer = { user: SessionUser | null; token: string | undefined };

/**
 * Whether the viewer may see a document of this technician on this job: an admin; the
 * technician it belongs to; the job's customer (their account, or the request's signed link);
 * for a quote, the holder of its unexpired approval link.
 */
async function maySee(
  app: FastifyInstance,
  { user, token }: DocumentViewer,
  doc: {
    technicianId: number;
    serviceRequestId: number | null;
    quoteId?: number;
    /** An unsent draft: only its technician and admins see it. */
    draft?: boolean;
  },
) {
  if (user?.role === 'admin') return true;
  if (user?.role === 'technician' && user.technicianId === doc.technicianId) return true;
  if (doc.draft) return false;
  if (doc.serviceRequestId !== null) {
    try {
      const { viewer } = await resolveRequestViewer(
        app,
        formatReference(doc.serviceRequestId),
        user,
        token,
      );
      if (viewer.role === 'customer') return true;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 404)) throw err;
    }
  }
  if (doc.quoteId !== undefined && token && token.length <= 100) {
    const row = await findQuoteByTokenHash(app.db, hashToken(token));
    const expires = row?.q.approvalTokenExpiresAt;
    if (row?.q.id === doc.quoteId && expires && expires > app.clock()) return true;
  }
  return false;
}

/** The business a technician's documents come from: name, phone, branding and logo. */
async function issuerOf(app: FastifyInstance, technicianId: number): Promise<DocumentIssuer> {
  const [contact, branding] = await Promise.all([
    technicianContact(app.db, technicianId),
    brandingOf(app.db, technicianId, app.clock()),
  ]);
  const logo = branding?.logoUrl
    ? await brandingLogoBytes(app.db, app.storage, technicianId)
    : null;
  return {
    branding,
    logo,
    technicianName: contact ? `${contact.first} ${contact.last}`.trim() : '',
    technicianPhone: contact?.phone ? formatPhone(contact.phone) : null,
  };
}

export type PdfFile = { filename: string; bytes: Uint8Array };

async function quoteFile(app: FastifyInstance, id: number, viewer: DocumentViewer | null) {
  const q = await findQuote(app.db, id);
  if (!q) return null;
  if (
    viewer &&
    !(await maySee(app, viewer, { ...q, quoteId: q.id, draft: !quoteReachedCustomer(q) }))
  )
    return null;
  const [full] = await quotesOut(app.db, [q]);
  const bytes = await renderQuotePdf(await issuerOf(app, q.technicianId), full!);
  return { filename: `${q.quoteNumber}.pdf`, bytes };
}

async function invoiceFile(app: FastifyInstance, id: number, viewer: DocumentViewer | null) {
  const inv = await findInvoice(app.db, id);
  if (!inv) return null;
  if (viewer && !(await maySee(app, viewer, inv))) return null;
  const bytes = await renderInvoicePdf(
    await issuerOf(app, inv.technicianId),
    inv,
    await depositsOnInvoice(app.db, inv.id),
    inv.serviceRequestId === null ? null : formatReference(inv.serviceRequestId),
  );
  return { filename: `${inv.invoiceNumber}.pdf`, bytes };
}

/** A payment that went through has a receipt; a failed or unfinished attempt has none (409). */
export function assertHasReceipt(p: Pick<PaymentRow, 'status'>) {
  if (p.status === 'processing') throw new AppError(409, PROCESSING_PAYMENT_NO_RECEIPT);
  if (p.status !== 'succeeded') throw new AppError(409, FAILED_PAYMENT_NO_RECEIPT);
}

/**
 * What a receipt says beside its payment, as of that payment: a deposit names its quote (never
 * the invoice it was later counted on); an invoice payment, the invoice with what had been paid
 * and what was left when it was made.
 */
export async function receiptOf(db: DbOrTx, p: PaymentRow) {
  const quote = p.quoteId ? await findQuote(db, p.quoteId) : undefined;
  const invoice = p.invoiceId ? await findInvoice(db, p.invoiceId) : undefined;
  const serviceRequestId = invoice?.serviceRequestId ?? quote?.serviceRequestId ?? null;
  if (quote) {
    const of: ReceiptOf = {
      kind: 'deposit',
      quoteNumber: quote.quoteNumber,
      quoteTotalCents: quote.totalAmountCents,
    };
    return { of, serviceRequestId };
  }
  if (invoice) {
    const paid = await paidThrough(db, invoice.id, p.id);
    const of: ReceiptOf = {
      kind: 'invoice',
      invoice,
      paidToDateCents: paid,
      balanceCents: Math.max(0, invoice.totalAmountCents - paid),
    };
    return { of, serviceRequestId };
  }
  return { of: { kind: 'payment' } as ReceiptOf, serviceRequestId };
}

async function receiptFile(app: FastifyInstance, id: number, viewer: DocumentViewer | null) {
  const [p] = await paymentRowsById(app.db, id);
  if (!p) return null;
  const { of, serviceRequestId } = await receiptOf(app.db, p);
  if (viewer && !(await maySee(app, viewer, { technicianId: p.technicianId, serviceRequestId })))
    return null;
  assertHasReceipt(p);
  const bytes = await renderReceiptPdf(await issuerOf(app, p.technicianId), p, of);
  return { filename: `${p.receiptNumber}.pdf`, bytes };
}

const FILES = { quote: quoteFile, invoice: invoiceFile, receipt: receiptFile };

/**
 * The document's PDF for this viewer; the 404 of an unknown id when they may not see it (its
 * existence is not revealed), 409 for a payment that has no receipt.
 */
export async function documentPdf(
  app: FastifyInstance,
  kind: DocumentKind,
  id: number,
  viewer: DocumentViewer,
): Promise<PdfFile> {
  const file = await FILES[kind](app, id, viewer);
  if (!file) throw new AppError(404, NOT_FOUND[kind]);
  return file;
}

/** The PDF an e-mail attaches, rendered when it is delivered (no viewer: the mail was allowed). */
export async function renderAttachment(app: FastifyInstance, kind: DocumentKind, id: number) {
  const file = await FILES[kind](app, id, null).catch((err: unknown) => {
    if (err instanceof AppError) throw new AttachmentGone(err.message);
    throw err;
  });
  if (!file) throw new AttachmentGone(NOT_FOUND[kind]);
  return file.bytes;
}

/** Registers the point of sale's PDFs as e-mail attachments (`pdfAttachment(kind, id, number)`, infra/outbox). */
export function registerDocumentAttachments(app: FastifyInstance) {
  for (const kind of Object.keys(FILES) as DocumentKind[])
    app.mailAttachments.register(kind, (id) => renderAttachment(app, kind, id));
}
