import { useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { DEPOSIT_CANCELLATION_RULE } from '@shared/cancellation';
import { WarrantyStatement } from '../../../../components/warranty-statement';
import { DownloadPdfLink } from '../../../../components/download-pdf-link';
import { FairLaborNote, FairPriceSummary } from '../../../../components/fair-price';
import { QuoteVersion, SignatureAuditTrail } from '../../../../components/signature-audit';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useApproveQuote } from '../api/approve-quote';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { formatCents, toCents } from '@shared/money';
import { startingPriceAmount } from '@shared/schemas/starting-prices';
import { formatDateTime, formatMoney } from '../format';
import { useDepositCard } from '../../../../lib/deposit-card';
import { useServiceRequest } from '../../api/get-service-request';
import { FormError, reportActionError } from '../../../../components/ui/form-error';
import type { CardFieldsComponent } from './invoices-section';

const DEPOSIT_CONTAINER = 'quote-deposit-card';

type Quote = ServiceRequestDetail['quotes'][number];
type FairPrice = ServiceRequestDetail['fairPrice'];

/** The signature pad the screen hands in (the point of sale's): a handle that gives the PNG. */
export type SignaturePadHandle = { toDataUrl(): string | null; clear(): void };
export type SignaturePadComponent = ComponentType<{
  ref: Ref<SignaturePadHandle>;
  onChange?: (hasInk: boolean) => void;
}>;

function QuoteLines({ quote, fairPrice }: { quote: Quote; fairPrice: FairPrice }) {
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of quote {quote.quoteNumber}</caption>
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Item
            </th>
            <th scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.items.map((i, n) => (
            <tr key={n} className="border-b align-top" data-testid="quote-line">
              {/* A long word (a part number) wraps inside its column on a phone rather than
                  running under the amounts beside it. */}
              <td className="py-1 [overflow-wrap:anywhere]">
                {i.description}
                <span className="block text-xs text-slate-500">
                  {formatMoney(i.unitPrice)} each
                </span>
                {i.type === 'labor' && (
                  <FairLaborNote fairPrice={fairPrice} amount={i.totalPrice} />
                )}
              </td>
              <td className="whitespace-nowrap py-1 pl-3 text-right">{i.quantity}</td>
              <td className="whitespace-nowrap py-1 pl-3 text-right">
                {formatMoney(i.totalPrice)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="space-y-1 text-sm">
        {(
          [
            ['Labor', quote.laborTotal],
            ['Parts', quote.partsTotal],
            ['Tax', quote.taxAmount],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex justify-between">
            <dt>{label}</dt>
            <dd>{formatMoney(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd>{formatMoney(quote.total)}</dd>
        </div>
        {quote.deposit && (
          <div className="flex justify-between" data-testid="quote-deposit">
            <dt>Deposit</dt>
            <dd>
              {formatMoney(quote.deposit.amount)} ({quote.deposit.status})
            </dd>
          </div>
        )}
      </dl>
      <FairPriceSummary fairPrice={fairPrice} total={quote.total} />
    </>
  );
}

function SignQuoteDialog({
  quote,
  fairPrice,
  req,
  SignaturePad,
  CardFields,
  onClose,
  onApproved,
}: {
  quote: Quote | null;
  fairPrice: FairPrice;
  req: ServiceRequestRef;
  SignaturePad: SignaturePadComponent;
  CardFields: CardFieldsComponent;
  onClose: () => void;
  /** Signed: the page shows the confirmation by the quote. */
  onApproved: (quoteId: number) => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const [hasInk, setHasInk] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveQuote(req);
  const depositDue = !!quote?.deposit && quote.deposit.status !== 'paid';
  // The deposit is paid to the job's technician, on their own account's card form (ADR 030).
  const technicianId = useServiceRequest(req).data?.technician?.id ?? null;
  const card = useDepositCard(DEPOSIT_CONTAINER, depositDue, technicianId);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    setHasInk(false);
    onClose();
  };
  // A disabled button says why, beside it.
  const whyDisabled = !hasInk
    ? depositDue
      ? 'Sign in the box above to pay the deposit and approve.'
      : 'Sign in the box above to approve.'
    : depositDue && card.unavailable
      ? 'Card payment is not available right now, so the deposit cannot be paid.'
      : null;
  return (
    <Dialog open={quote !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Sign quote {quote?.quoteNumber} {quote && <QuoteVersion version={quote.version} />}
          </DialogTitle>
          <DialogDescription>
            {quote && `By signing you approve the work for ${formatMoney(quote.total)}.`}
          </DialogDescription>
        </DialogHeader>
        {quote && <QuoteLines quote={quote} fairPrice={fairPrice} />}
        <p className="text-sm font-medium" id="sign-caption">
          Sign below
        </p>
        <SignaturePad ref={pad} onChange={setHasInk} />
        <p className="text-xs text-slate-500">
          Draw your signature in the box with a finger or the mouse. It is stored with the quote you
          see here, its version and the time.
        </p>
        {depositDue && (
          <section className="space-y-2" aria-label="Deposit payment">
            <p className="text-sm">
              A deposit of <strong>{formatMoney(quote!.deposit!.amount)}</strong> is paid by card
              when you sign.
            </p>
            {card.squareConfig ? (
              <div id={DEPOSIT_CONTAINER} className="min-h-[90px] rounded-md border p-2" />
            ) : card.config && !card.config.card ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                Payment Unavailable: Payment processing is not configured.
              </p>
            ) : (
              <CardFields card={card.card} onChange={card.setCard} />
            )}
          </section>
        )}
        <FormError message={error} />
        {whyDisabled && (
          <p id="sign-why" className="text-sm text-slate-600">
            {whyDisabled}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={close}>
            Not now
          </Button>
          <Button
            disabled={whyDisabled !== null || busy}
            aria-describedby={whyDisabled ? 'sign-why' : undefined}
            onClick={async () => {
              const signature = pad.current?.toDataUrl();
              if (!quote || !signature) return;
              setError(null);
              setBusy(true);
              try {
                const deposit = depositDue ? await card.payment() : undefined;
                // The version shown here: refused if the quote changed since (ADR 026).
                await approve.mutateAsync({
                  quoteId: quote.id,
                  signature,
                  version: quote.version,
                  contentHash: quote.contentHash,
                  deposit,
                });
                card.newAttempt();
                notify({ title: 'Quote Approved', description: quote.quoteNumber });
                close();
                onApproved(quote.id);
              } catch (err) {
                if (err instanceof ApiError && err.status < 500 && err.status !== 409)
                  card.newAttempt();
                setError(
                  err instanceof ApiError
                    ? reportActionError(err, 'Error', 'Failed to approve quote. Please try again.')
                    : (err as Error).message,
                );
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy
              ? 'Approving...'
              : depositDue
                ? `Pay ${formatMoney(quote!.deposit!.amount)} deposit and sign`
                : 'Approve and sign'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * When a quote comes out above the price the technician published for this service before
 * booking, by how much, and where the reason is (the lines, and their notes).
 */
function AboveStartingPrice({ job, total }: { job: ServiceRequestDetail; total: string }) {
  const published = job.technician?.startingPrice;
  if (!published || toCents(total) <= toCents(published.from)) return null;
  const over = formatCents(toCents(total) - toCents(published.from));
  return (
    <p
      className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="above-starting-price"
    >
      {`${over} above ${job.technician!.name}'s starting price for ${published.description} (${startingPriceAmount(published)}). The lines above say what it covers.`}
    </p>
  );
}

/** The job's quotes with their lines and totals; a draft the customer may sign opens the pad. */
export function QuotesSection({
  job,
  req,
  SignaturePad,
  CardFields,
}: {
  job: ServiceRequestDetail;
  req: ServiceRequestRef;
  SignaturePad: SignaturePadComponent;
  /** The card fields for a quote's deposit (the point of sale's sandbox form). */
  CardFields: CardFieldsComponent;
}) {
  const [signing, setSigning] = useState<Quote | null>(null);
  const [approved, setApproved] = useState<number | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Signed: the confirmation by the quote is brought into view (on a phone the dialog covered
  // the page, which may have scrolled far from it).
  useEffect(() => {
    if (approved !== null) confirmation.current?.scrollIntoView({ block: 'center' });
  }, [approved]);
  if (job.quotes.length === 0) return null;
  return (
    <Card aria-labelledby="quotes-heading">
      <CardHeader>
        <CardTitle id="quotes-heading">Quotes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {job.quotes.map((q) => (
          <article key={q.id} className="space-y-3" aria-label={`Quote ${q.quoteNumber}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">
                {q.quoteNumber} <QuoteVersion version={q.version} />
              </h3>
              {q.status === 'approved' ? (
                <Badge variant="success">
                  Signed{q.signedAt ? ` ${formatDateTime(q.signedAt)}` : ''}
                </Badge>
              ) : (
                <Badge variant={q.canSign ? 'warning' : 'outline'}>
                  {q.canSign ? 'Awaiting your signature' : 'Not signed'}
                </Badge>
              )}
            </div>
            <QuoteLines quote={q} fairPrice={job.fairPrice} />
            <AboveStartingPrice job={job} total={q.total} />
            {/* Its terms, read before 'Review and sign': the warranty, and the deposit's rule. */}
            <WarrantyStatement terms={q.warranty} />
            {q.deposit && (
              <p className="text-sm text-slate-600" data-testid="deposit-rule">
                {DEPOSIT_CANCELLATION_RULE}
              </p>
            )}
            {approved === q.id && (
              <p
                ref={confirmation}
                role="status"
                className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-800"
              >
                You approved and signed {q.quoteNumber}. Your technician has been told.
              </p>
            )}
            {q.signatureAudit && <SignatureAuditTrail audit={q.signatureAudit} />}
            <DownloadPdfLink kind="quote" id={q.id} number={q.quoteNumber} token={req.token} />
            {q.canSign && (
              <Button className="w-full" onClick={() => setSigning(q)}>
                Review and sign
              </Button>
            )}
          </article>
        ))}
      </CardContent>
      <SignQuoteDialog
        quote={signing}
        fairPrice={job.fairPrice}
        req={req}
        SignaturePad={SignaturePad}
        CardFields={CardFields}
        onClose={() => setSigning(null)}
        onApproved={setApproved}
      />
    </Card>
  );
}
