import { formatAmount } from '@shared/money';
import { salesTaxLabel } from '@shared/sales-tax';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '@shared/brand';
import { ACTIVE_JOB_STATUSES } from '@shared/service-request-rules';
import {
  DRAFT_ONLY_MESSAGE,
  QUOTE_ALREADY_APPROVED,
  QUOTE_NO_EMAIL,
  QUOTE_LINK_REPLACED,
  type createQuoteSchema,
  type PublicQuote,
  type Quote,
  type updateQuoteSchema,
} from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { brandingOf } from '../../../domain/branding';
import { jobDocumentChanged } from '../../../domain/request-mail';
import { nextNumber } from '../../../domain/document-numbers';
import { fairPriceOfJob } from '../../../domain/fair-price';
import { pdfAttachment } from '../../../infra/outbox';
import { publicBaseUrl } from '../../../infra/public-url';
import { hashToken, type SessionUser } from '../../../infra/session';
import { assertPosListAccess, posTechnician } from '../pos.access';
import { assertSameReplay, bodyHash } from '../pos.client-ids';
import { sendPosMail } from '../pos.mail';
import { latestRefundsOf, liveDepositsOf } from '../payments/pos.deposits.queries';
import { assertNoDeposit } from '../payments/pos.deposits';
import { depositOut, publicQuoteOut, quoteOut, vehicleText } from '../pos.presenters';
import {
  findJobState,
  findQuote,
  findQuoteByClientId,
  findQuoteByTokenHash,
  insertQuote,
  invoiceIdsOfQuotes,
  listQuoteRows,
  lockQuote,
  quoteItemsOf,
  replaceQuoteContent,
  setApprovalToken,
  type QuoteRow,
} from '../pos.queries';
import { quoteContent, quoteTax } from './pos.quote-content';
import { quoteContentHash } from './pos.quote-hash';
import {
  bumpQuoteVersion,
  isVoidedLink,
  signatureAuditsOf,
  voidApprovalLink,
} from './pos.signatures.queries';
import { quoteApprovalPath } from '@shared/paths';

const APPROVAL_LINK_DAYS = 14;
export const NOT_ACTIVE_JOB = 'This job is not one of your active jobs';
export const JOB_NO_LONGER_ACTIVE = 'This job is no longer active';

const isActive = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);

/** A quote may be made for a job assigned to this technician and still under way. */
async function assertActiveJobOf(db: DbOrTx, serviceRequestId: number, technicianId: number) {
  const job = await findJobState(db, serviceRequestId, true);
  if (!job || job.assignedTechnicianId !== technicianId || !isActive(job.status))
    throw new AppError(409, NOT_ACTIVE_JOB);
  return job;
}

/** Where a job is: its quote's place of work. */
const jobLocation = async (db: DbOrTx, serviceRequestId: number | null) =>
  serviceRequestId === null ? null : ((await findJobState(db, serviceRequestId))?.location ?? null);

export async function loadQuote(db: DbOrTx, id: number) {
  const q = await findQuote(db, id);
  if (!q) throw new AppError(404, 'Quote not found');
  return q;
}

/** The quote, when it belongs to the signed-in point-of-sale technician. */
export async function ownQuote(app: FastifyInstance, user: SessionUser | null, id: number) {
  const technicianId = await posTechnician(app, user);
  const q = await loadQuote(app.db, id);
  if (q.technicianId !== technicianId)
    throw new AppError(403, 'This quote belongs to another technician');
  return { technicianId, q };
}

/** The quotes with their items and the id of the invoice made from each. */
export async function quotesOut(db: DbOrTx, rows: QuoteRow[]): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, invs, deposits, audits] = await Promise.all([
    quoteItemsOf(db, ids),
    invoiceIdsOfQuotes(db, ids),
    liveDepositsOf(db, ids),
    signatureAuditsOf(db, ids),
  ]);
  const auditOf = new Map(audits.map((a) => [a.quoteId, a]));
  const invoiceOf = new Map(invs.map((i) => [i.quoteId, i.id]));
  const depositOf = new Map(deposits.map((p) => [p.quoteId, p]));
  const refunds = await latestRefundsOf(
    db,
    deposits.map((p) => p.id),
  );
  return rows.map((q) => {
    const payment = depositOf.get(q.id);
    return quoteOut(
      q,
      items.filter((i) => i.quoteId === q.id),
      invoiceOf.get(q.id) ?? null,
      depositOut(q, payment, payment && refunds.get(payment.id)),
      auditOf.get(q.id),
    );
  });
}

export async function listQuotes(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  await assertPosListAccess(app, user, technicianId);
  return quotesOut(app.db, await listQuoteRows(app.db, technicianId));
}

/** What the create body says, as the hash a replay must match (ADR 013). */
const createBodyHash = ({ clientId: _c, technicianId: _t, ...body }: CreateQuoteBody) =>
  bodyHash(body);

type CreateQuoteBody = z.output<typeof createQuoteSchema>;

/**
 * A new quote, numbered by the server. With a client id the technician already used, the quote
 * made the first time (`created: false`), whatever happened to it since (edited, signed,
 * its job canceled); 409 when this body differs from the first one.
 */
export async function createQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  input: CreateQuoteBody,
): Promise<{ created: boolean; quote: Quote }> {
  const technicianId = await posTechnician(app, user);
  const clientId = input.clientId ?? null;
  const hash = clientId === null ? null : createBodyHash(input);
  const replay = async () => {
    const q = (await findQuoteByClientId(app.db, technicianId, clientId!))!;
    assertSameReplay(q.clientBodyHash === hash);
    return { created: false, quote: (await quotesOut(app.db, [q]))[0]! };
  };
  if (clientId !== null && (await findQuoteByClientId(app.db, technicianId, clientId)))
    return replay();

  const serviceRequestId = input.serviceRequestId ?? null;
  const tax = await quoteTax(
    app.db,
    input,
    await jobLocation(app.db, serviceRequestId),
    app.clock(),
  );
  const content = quoteContent(input, tax);
  const created = await app.db.transaction(async (tx) => {
    if (serviceRequestId !== null) await assertActiveJobOf(tx, serviceRequestId, technicianId);
    const row = await insertQuote(
      tx,
      {
        ...content.values,
        quoteNumber: await nextNumber(tx, 'quote', app.clock()),
        technicianId,
        serviceRequestId,
        clientId,
        clientBodyHash: hash,
      },
      content.items,
    );
    if (!row) return null;
    const [out] = await quotesOut(tx, [row]);
    // Saved is a draft: the job's page refreshes, the customer hears of it only when it is sent.
    await jobDocumentChanged(app, tx, row.serviceRequestId, { kind: 'quote_updated' });
    return out!;
  });
  // A twin with the same client id committed first.
  if (!created) return replay();
  return { created: true, quote: created };
}

/**
 * A draft quote's new content (PUT): totals computed again, items replaced, under the quote's
 * row lock so that a signature cannot land in between. When what the customer sees changed, the
 * version goes up by one (a signature on the old one is refused), and a live approval link is
 * voided and a new one e-mailed to the customer (ADR 026). Signed quotes are final (409).
 */
export async function updateQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  id: number,
  input: z.output<typeof updateQuoteSchema>,
) {
  const { q: current } = await ownQuote(app, user, id);
  const tax = await quoteTax(
    app.db,
    // An edit that does not name the place of work keeps the quote's.
    { ...input, workLocation: input.workLocation ?? current.workLocation },
    await jobLocation(app.db, current.serviceRequestId),
    app.clock(),
  );
  const content = quoteContent(input, tax);
  const row = await app.db.transaction(async (tx) => {
    const q = await lockQuote(tx, id);
    if (q?.status !== 'draft') throw new AppError(409, DRAFT_ONLY_MESSAGE);
    await assertNoDeposit(tx, id);
    const before = quoteContentHash(q, await quoteItemsOf(tx, [id]));
    let updated = await replaceQuoteContent(tx, id, content.values, content.items);
    if (quoteContentHash(updated, await quoteItemsOf(tx, [id])) !== before) {
      updated = await bumpQuoteVersion(tx, id);
      if (q.approvalTokenHash) {
        await voidApprovalLink(tx, id, q.approvalTokenHash);
        const email = updated.customerEmail ?? q.customerEmail;
        const live = q.approvalTokenExpiresAt !== null && q.approvalTokenExpiresAt > app.clock();
        if (email && live) await sendApprovalLink(app, tx, updated, email, null, 'changed');
      }
    }
    await jobDocumentChanged(app, tx, updated.serviceRequestId, { kind: 'quote_updated' });
    return updated;
  });
  return (await quotesOut(app.db, [row]))[0]!;
}

/**
 * 'Send to customer': a draft is e-mailed with its approval link and becomes sent; a sent quote
 * is e-mailed again with the same link (a resend, nothing else changes), so sending twice never
 * leaves two live links. An approved quote has nothing to send (409), nor has a quote without
 * the customer's e-mail (409).
 */
export async function sendQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  id: number,
  input: { customerEmail?: string; customerName?: string | null },
) {
  await ownQuote(app, user, id);
  const resent = await app.db.transaction(async (tx) => {
    const q = await lockQuote(tx, id);
    if (!q) throw new AppError(404, 'Quote not found');
    if (q.status !== 'draft') throw new AppError(409, QUOTE_ALREADY_APPROVED);
    const email = q.customerEmail ?? input.customerEmail;
    if (!email) throw new AppError(409, QUOTE_NO_EMAIL);
    return sendOrResend(app, tx, q, email, input.customerName ?? null);
  });
  const quote = (await quotesOut(app.db, [await loadQuote(app.db, id)]))[0]!;
  return {
    message: resent ? 'Quote sent again with the same link' : 'Quote sent to the customer',
    resent,
    quote,
  };
}

/** The live link again when there is one (true), else a new one (false). */
async function sendOrResend(
  app: FastifyInstance,
  tx: DbOrTx,
  q: QuoteRow,
  email: string,
  customerName: string | null,
) {
  const live = q.approvalTokenExpiresAt !== null && q.approvalTokenExpiresAt > app.clock();
  const token =
    live && q.approvalTokenHash ? approvalToken(app, q, q.approvalTokenExpiresAt!) : null;
  // A link made before links were derived cannot be told again: a new one replaces it.
  if (token && hashToken(token) === q.approvalTokenHash) {
    await sendApprovalLink(app, tx, q, email, customerName, 'resend', token);
    return true;
  }
  await sendApprovalLink(app, tx, q, email, customerName, 'first');
  await jobDocumentChanged(app, tx, q.serviceRequestId, {
    kind: 'quote_sent',
    number: q.quoteNumber,
    version: q.version,
  });
  return false;
}

/**
 * The approval link's token, derived from the quote, its version and the link's expiry with the
 * server's secret, so that a resend can tell the customer the very same link while only its
 * hash is stored. A new version or a new expiry gives a new token.
 */
function approvalToken(app: FastifyInstance, q: QuoteRow, expiresAt: Date) {
  return createHmac('sha256', app.config.sessionSecret)
    .update(`quote-approval:${q.id}:${q.version}:${expiresAt.toISOString()}`)
    .digest('base64url');
}

/** The legacy 'Email Quote' route: a draft is sent (or resent, same link); an approved one copied. */
export async function emailQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  input: { quoteId: number; customerEmail: string; customerName?: string | null },
) {
  const { q } = await ownQuote(app, user, input.quoteId);
  if (q.status === 'draft') {
    const r = await sendQuote(app, user, input.quoteId, input);
    return { message: r.message };
  }
  await app.db.transaction((tx) =>
    sendApprovalLink(app, tx, q, input.customerEmail, input.customerName ?? null, 'first'),
  );
  return { message: 'Quote emailed' };
}

/**
 * E-mails the quote with its approval link: a new link (replacing the one it had) when it is
 * first sent ('first') or because the quote changed since the last link was sent ('changed',
 * which says so); the same link again on a resend.
 */
async function sendApprovalLink(
  app: FastifyInstance,
  tx: DbOrTx,
  q: QuoteRow,
  customerEmail: string,
  customerName: string | null,
  why: 'first' | 'changed' | 'resend',
  sameToken?: string,
) {
  const changed = why === 'changed';
  let token = sameToken;
  if (!token) {
    const expiresAt = new Date(app.clock().getTime() + APPROVAL_LINK_DAYS * 86_400_000);
    token = approvalToken(app, q, expiresAt);
    await setApprovalToken(tx, q.id, {
      approvalTokenHash: hashToken(token),
      approvalTokenExpiresAt: expiresAt,
      customerEmail: q.customerEmail ?? customerEmail,
    });
  }
  const link = `${publicBaseUrl(app.config)}${quoteApprovalPath(token)}`;
  const [full] = await quotesOut(tx, [q]);
  const branding = await brandingOf(tx, q.technicianId, app.clock());
  await sendPosMail(
    app,
    tx,
    customerEmail,
    'pos_quote',
    changed
      ? `Your quote ${q.quoteNumber} from ${branding?.businessName ?? BRAND.name} changed`
      : why === 'resend'
        ? `Reminder: your quote ${q.quoteNumber} from ${branding?.businessName ?? BRAND.name}`
        : `Your quote ${q.quoteNumber} from ${branding?.businessName ?? BRAND.name}`,
    [
      `Hi ${customerName || q.customerName},`,
      changed
        ? `Your quote ${q.quoteNumber} changed: this is version ${q.version}. The link we sent before no longer works.`
        : why === 'resend'
          ? `Here is your quote ${q.quoteNumber} again (version ${q.version}): the link is the same as before.`
          : `Here is your quote ${q.quoteNumber}${vehicleText(q) ? ` for your ${vehicleText(q)}` : ''} (version ${q.version}).`,
      full!.items
        .map(
          (i) =>
            `${i.description} (${i.quantity} x ${formatAmount(i.unitPrice)}): ${formatAmount(i.totalPrice)}`,
        )
        .join('\n'),
      `Labor: ${formatAmount(full!.laborTotal)}\nParts: ${formatAmount(full!.partsTotal)}\n${salesTaxLabel(full!)}: ${formatAmount(full!.taxAmount)}\nTotal: ${formatAmount(full!.totalAmount)}` +
        (full!.deposit
          ? `\nDeposit: ${formatAmount(full!.deposit.amount)} (${full!.deposit.status}${full!.deposit.status === 'due' ? ', paid by card when you sign' : ''})`
          : ''),
      q.status === 'draft'
        ? `Review and sign it on your own device (the link works for ${APPROVAL_LINK_DAYS} days):\n${link}`
        : 'This quote is already approved. Thank you!',
      `The quote is attached as ${q.quoteNumber}.pdf.`,
    ],
    branding,
    [pdfAttachment('quote', q.id, q.quoteNumber)],
  );
}

/** The public remote-approval page: the quote behind an unexpired token. */
export async function quoteByToken(
  app: FastifyInstance,
  token: string,
  purpose: 'view' | 'sign' = 'view',
): Promise<{ q: QuoteRow; view: PublicQuote }> {
  const tokenHash = hashToken(token);
  const row = await findQuoteByTokenHash(app.db, tokenHash);
  // A link voided by an edit of its quote says so: 410 to read it, 409 to sign on it.
  if (!row && (await isVoidedLink(app.db, tokenHash)))
    throw new AppError(purpose === 'sign' ? 409 : 410, QUOTE_LINK_REPLACED);
  if (!row || !row.q.approvalTokenExpiresAt || row.q.approvalTokenExpiresAt <= app.clock())
    throw new AppError(404, 'This quote link is invalid or has expired');
  const [full, branding, fairPrice] = await Promise.all([
    quotesOut(app.db, [row.q]).then((out) => out[0]!),
    brandingOf(app.db, row.q.technicianId, app.clock()),
    row.q.serviceRequestId ? fairPriceOfJob(app.db, row.q.serviceRequestId) : null,
  ]);
  return {
    q: row.q,
    view: publicQuoteOut(
      full,
      `${row.first} ${row.last}`.trim(),
      row.q.approvalTokenExpiresAt,
      branding,
      fairPrice,
    ),
  };
}
