import { salesTaxLabel } from '@shared/sales-tax';
import { WarrantyStatement } from '../../../components/warranty-statement';
import { formatServiceTime } from '@shared/service-time';
import { formatAmount, formatCents, toCents } from '@shared/money';
import { BRAND } from '@shared/brand';
import { BrandFooter, BrandHeader } from '../../../components/brand-header';
import { PhoneLink } from '../../../components/ui/phone-link';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import type { PosReceipt } from '../api/get-receipt';

/** 'VISA' -> 'Visa', 'AMERICAN_EXPRESS' -> 'American Express'; 'Card' when unknown. */
function cardBrandLabel(brand: string | null) {
  if (!brand) return 'Card';
  return brand
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A declined (or abandoned) card attempt: no money moved, so it is no receipt. */
export const isFailedAttempt = (status: PosReceipt['payment']['status']) =>
  status === 'failed' || status === 'requires_payment_method';

/**
 * The receipt itself: business, items, totals, payment and balance (what is printed). A failed
 * attempt shows as one, without a receipt number.
 */
export function ReceiptDocument({ receipt }: { receipt: PosReceipt }) {
  const { payment: p, invoice: inv, asOfPayment, depositQuote, technician, branding } = receipt;
  const failed = isFailedAttempt(p.status);
  // The customer's tip, charged on top of what counts toward the invoice.
  const tipCents = toCents(p.tip);
  return (
    <article className="rounded-lg border bg-white p-8">
      {branding && (
        <div className="mb-6">
          <BrandHeader branding={branding} />
        </div>
      )}
      <header className="mb-6 flex justify-between">
        <div>
          {!branding?.businessName && <p className="text-xl font-bold">{BRAND.name}</p>}
          <p className="text-sm text-slate-600">
            {technician.name}
            {technician.phone && (
              <>
                {' · '}
                <PhoneLink phone={technician.phone} />
              </>
            )}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold">{failed ? 'Failed Payment Attempt' : 'Receipt'}</h1>
          {failed ? (
            <p className="text-sm">No money was taken: this attempt has no receipt.</p>
          ) : (
            <p className="text-sm">{p.receiptNumber}</p>
          )}
          <p className="text-sm text-slate-600">{formatServiceTime(p.createdAt)}</p>
        </div>
      </header>
      {p.customerName && <p className="mb-4">Customer: {p.customerName}</p>}
      {inv && (
        <table className="mb-6 w-full text-sm">
          <thead>
            <tr className="border-b text-left">
              <th className="py-1">Item</th>
              <th className="py-1 text-right">Qty</th>
              <th className="py-1 text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {inv.items.map((i, n) => (
              <tr key={n} className="border-b">
                <td className="py-1">{i.description}</td>
                <td className="py-1 text-right">{i.quantity}</td>
                <td className="py-1 text-right">{formatAmount(i.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="space-y-1 text-sm">
        {inv && (
          <>
            <div className="flex justify-between">
              <dt>Invoice</dt>
              <dd>{inv.invoiceNumber}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Labor</dt>
              <dd data-testid="receipt-labor">{formatAmount(inv.laborTotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Parts</dt>
              <dd data-testid="receipt-parts">{formatAmount(inv.partsTotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{salesTaxLabel(inv)}</dt>
              <dd data-testid="receipt-tax">{formatAmount(inv.taxAmount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Invoice total</dt>
              <dd>{formatAmount(inv.totalAmount)}</dd>
            </div>
          </>
        )}
        <div
          className={
            tipCents > 0 ? 'flex justify-between' : 'flex justify-between text-base font-bold'
          }
        >
          <dt>{p.status === 'succeeded' ? 'Amount paid' : 'Amount'}</dt>
          <dd>{formatAmount(p.amount)}</dd>
        </div>
        {tipCents > 0 && (
          <>
            <div className="flex justify-between">
              <dt>Tip</dt>
              <dd data-testid="receipt-tip">{formatCents(tipCents)}</dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>{failed ? 'Total' : 'Total charged'}</dt>
              <dd data-testid="receipt-total-charged">
                {formatCents(toCents(p.amount) + tipCents)}
              </dd>
            </div>
          </>
        )}
        <div className="flex justify-between">
          <dt>Method</dt>
          <dd className="capitalize">{p.method}</dd>
        </div>
        {(p.cardBrand || p.cardLast4) && (
          <div className="flex justify-between">
            <dt>Card</dt>
            <dd data-testid="receipt-card">
              {cardBrandLabel(p.cardBrand)}
              {p.cardLast4 && ` ending in ${p.cardLast4}`}
            </dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Status</dt>
          <dd>{PAYMENT_STATUS_LABELS[p.status]}</dd>
        </div>
        {p.status === 'failed' && p.failureMessage && (
          <div className="flex justify-between">
            <dt>Reason</dt>
            <dd>{p.failureMessage}</dd>
          </div>
        )}
        {depositQuote && (
          <div className="flex justify-between">
            <dt>Deposit on quote</dt>
            <dd>
              {depositQuote.quoteNumber} (total {formatAmount(depositQuote.totalAmount)})
            </dd>
          </div>
        )}
        {asOfPayment && !failed && (
          <>
            <div className="flex justify-between">
              <dt>Paid to date</dt>
              <dd data-testid="receipt-paid-to-date">{formatAmount(asOfPayment.paidToDate)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Balance due</dt>
              <dd data-testid="receipt-balance">{formatAmount(asOfPayment.balanceDue)}</dd>
            </div>
          </>
        )}
      </dl>
      {!failed && (
        <WarrantyStatement terms={inv?.warranty} className="mt-6 text-sm text-slate-600" />
      )}
      {!failed && (
        <p className="mt-8 text-center text-sm text-slate-500">Thank you for your business!</p>
      )}
      {branding && (
        <div className="mt-6">
          <BrandFooter branding={branding} />
        </div>
      )}
    </article>
  );
}
