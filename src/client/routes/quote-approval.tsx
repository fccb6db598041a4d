import { salesTaxLabel } from '@shared/sales-tax';
import { WarrantyStatement } from '../components/warranty-statement';
import { DEPOSIT_CANCELLATION_RULE } from '@shared/cancellation';
import { formatAmount } from '@shared/money';
import { CheckCircle2 } from 'lucide-react';
import { useParams } from 'react-router';
import { BRAND } from '@shared/brand';
import { BrandFooter, BrandHeader } from '../components/brand-header';
import { DownloadPdfLink } from '../components/download-pdf-link';
import { FairLaborNote, FairPriceSummary } from '../components/fair-price';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { usePublicQuote } from '../features/pos/api/get-public-quote';
import { DepositLine } from '../features/pos/components/deposit-card-form';
import { PublicQuoteSign } from '../features/pos/components/public-quote-sign';
import { QuoteVersion, SignatureAuditTrail } from '../components/signature-audit';
import { errorMessage } from '../lib/api-client';

/** The customer's page behind the e-mailed link: review the quote and sign it. */
export default function QuoteApproval() {
  const { token = '' } = useParams();
  const quote = usePublicQuote(token);

  if (quote.isLoading)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  if (quote.isError)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold">Quote Not Available</h1>
        <p className="mt-2 text-slate-600">
          {errorMessage(quote.error, 'This quote link is invalid or has expired')}
        </p>
      </div>
    );
  const q = quote.data!;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 print:max-w-none print:p-0">
      {q.branding && <BrandHeader branding={q.branding} />}
      <div>
        <h1 className="text-3xl font-bold">Your Quote {q.quoteNumber}</h1>
        <QuoteVersion version={q.version} />
        <p className="text-slate-600">
          From {q.technicianName}, {BRAND.name} technician
          {q.vehicleInfo.make &&
            ` · ${[q.vehicleInfo.year, q.vehicleInfo.make, q.vehicleInfo.model].filter(Boolean).join(' ')}`}
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th className="py-1">Item</th>
                <th className="whitespace-nowrap py-1 pl-3 text-right">Qty</th>
                <th className="whitespace-nowrap py-1 pl-3 text-right">Price</th>
                <th className="whitespace-nowrap py-1 pl-3 text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {q.items.map((i, n) => (
                <tr key={n} className="border-b align-top" data-testid="quote-line">
                  {/* A long word (a part number) wraps inside its column on a phone rather
                      than running under the amounts beside it. */}
                  <td className="py-1 [overflow-wrap:anywhere]">
                    {i.description}
                    {q.fairPrice && i.type === 'labor' && (
                      <FairLaborNote fairPrice={q.fairPrice} amount={i.totalPrice} />
                    )}
                  </td>
                  <td className="whitespace-nowrap py-1 pl-3 text-right">{i.quantity}</td>
                  <td className="whitespace-nowrap py-1 pl-3 text-right">
                    {formatAmount(i.unitPrice)}
                  </td>
                  <td className="whitespace-nowrap py-1 pl-3 text-right">
                    {formatAmount(i.totalPrice)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Labor</dt>
              <dd>{formatAmount(q.laborTotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Parts</dt>
              <dd>{formatAmount(q.partsTotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{salesTaxLabel(q)}</dt>
              <dd>{formatAmount(q.taxAmount)}</dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>Total</dt>
              <dd>{formatAmount(q.totalAmount)}</dd>
            </div>
          </dl>
          {q.fairPrice && (
            <FairPriceSummary fairPrice={q.fairPrice} total={q.totalAmount} className="mt-4" />
          )}
          <div className="mt-2">
            <DepositLine deposit={q.deposit} />
          </div>
          {q.notes && <p className="mt-4 text-sm text-slate-600">{q.notes}</p>}
        </CardContent>
      </Card>
      <DownloadPdfLink kind="quote" id={q.id} number={q.quoteNumber} token={token} />
      {q.status === 'approved' ? (
        <p className="flex items-center gap-2 rounded-md bg-green-50 p-4 font-semibold text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Quote approved. Thank you! Your
          technician has been told.
        </p>
      ) : (
        // Signing happens on screen: the pad and its buttons are not printed.
        <div className="print:hidden">
          <PublicQuoteSign token={token} quote={q} onSigned={() => void quote.refetch()} />
        </div>
      )}
      {/* The quote's terms: its warranty and, with a deposit, when the deposit comes back. */}
      <section aria-label="Terms" className="space-y-1 text-sm text-slate-600">
        <WarrantyStatement terms={q.warranty} className="" />
        {q.deposit && <p data-testid="deposit-rule">{DEPOSIT_CANCELLATION_RULE}</p>}
      </section>
      {q.signatureAudit && <SignatureAuditTrail audit={q.signatureAudit} />}
      {q.branding && <BrandFooter branding={q.branding} />}
    </div>
  );
}
