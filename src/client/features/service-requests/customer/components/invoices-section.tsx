import { CreditCard } from 'lucide-react';
import { WarrantyStatement } from '../../../../components/warranty-statement';
import { useState, type ComponentType } from 'react';
import { formatCents, toCents } from '@shared/money';
import { DownloadPdfLink } from '../../../../components/download-pdf-link';
import { NO_TIP, tipOf, type TipChoice } from '../../../../components/tip-picker';
import { invoiceStatusBadge } from '../../../../components/invoice-status';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { formatDateTime, formatMoney } from '../format';
import { useInvoicePayment, type CardDetails } from '../use-invoice-payment';
import { InvoicePaidNotice, InvoiceTipFields } from './invoice-tip';
import { PayPalInvoicePayment } from './paypal-invoice-payment';
import { FormError } from '../../../../components/ui/form-error';

type Invoice = ServiceRequestDetail['invoices'][number];

/** The card fields the screen hands in (the point of sale's sandbox card form). */
export type CardFieldsComponent = ComponentType<{
  card: CardDetails;
  onChange: (card: CardDetails) => void;
}>;

function PayInvoiceForm({
  invoice,
  req,
  CardFields,
  onClose,
}: {
  invoice: Invoice;
  req: ServiceRequestRef;
  CardFields: CardFieldsComponent;
  onClose: () => void;
}) {
  const containerId = `invoice-${invoice.id}-card`;
  const p = useInvoicePayment(req, invoice.id, containerId);
  const [tipChoice, setTipChoice] = useState<TipChoice>(NO_TIP);
  // A percentage is of the invoice total; the tip is charged on top of the balance.
  const tip = tipOf(tipChoice, toCents(invoice.total));
  const balanceCents = toCents(invoice.balance);
  const chargeCents = balanceCents + tip.cents;
  if (p.paid) return <InvoicePaidNotice payment={p.paid} />;
  return (
    <form
      className="space-y-3"
      aria-label={`Pay invoice ${invoice.invoiceNumber}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (tip.error) return;
        void p.submit(tip.input);
      }}
    >
      <InvoiceTipFields
        invoiceTotal={invoice.total}
        balanceCents={balanceCents}
        value={tipChoice}
        onChange={setTipChoice}
        tipCents={tip.cents}
        disabled={p.processing}
        tipTestId="tip-amount"
        totalTestId="pay-total"
      />
      {p.squareConfig ? (
        <div id={containerId} className="min-h-[90px] rounded-md border p-2" />
      ) : p.config && !p.config.card ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Payment Unavailable: Payment processing is not configured.
        </p>
      ) : (
        <CardFields card={p.card} onChange={p.setCard} />
      )}
      <FormError message={p.error} />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={onClose} disabled={p.processing}>
          Not now
        </Button>
        <Button type="submit" disabled={p.processing || p.unavailable || !!tip.error}>
          {p.processing ? 'Processing...' : `Pay ${formatCents(chargeCents)}`}
        </Button>
      </div>
    </form>
  );
}

/** The job's invoices with what is left to pay, the card payment, and the receipts. */
export function InvoicesSection({
  job,
  req,
  CardFields,
}: {
  job: ServiceRequestDetail;
  req: ServiceRequestRef;
  CardFields: CardFieldsComponent;
}) {
  const [paying, setPaying] = useState<number | null>(null);
  if (job.invoices.length === 0 && job.payments.length === 0) return null;
  // Declined attempts moved no money: listed apart, never as receipts.
  const isFailed = (p: ServiceRequestDetail['payments'][number]) =>
    p.status === 'failed' || p.status === 'requires_payment_method';
  const receipts = job.payments.filter((p) => !isFailed(p));
  const failed = job.payments.filter(isFailed);
  return (
    <Card aria-labelledby="invoices-heading">
      <CardHeader>
        <CardTitle id="invoices-heading">Invoices and payments</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {job.invoices.map((inv) => (
          <article key={inv.id} className="space-y-2" aria-label={`Invoice ${inv.invoiceNumber}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{inv.invoiceNumber}</h3>
              <Badge variant={invoiceStatusBadge(inv.status, 'Payment due').variant}>
                {invoiceStatusBadge(inv.status, 'Payment due').label}
              </Badge>
            </div>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt>Total</dt>
                <dd>{formatMoney(inv.total)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Paid</dt>
                <dd>{formatMoney(inv.paid)}</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>Balance</dt>
                <dd data-testid="invoice-balance">{formatMoney(inv.balance)}</dd>
              </div>
            </dl>
            <WarrantyStatement terms={inv.warranty} />
            <DownloadPdfLink
              kind="invoice"
              id={inv.id}
              number={inv.invoiceNumber}
              token={req.token}
            />
            {paying === inv.id ? (
              <PayInvoiceForm
                invoice={inv}
                req={req}
                CardFields={CardFields}
                onClose={() => setPaying(null)}
              />
            ) : (
              inv.canPay &&
              Number(inv.balance) > 0 && (
                <Button className="w-full" onClick={() => setPaying(inv.id)}>
                  <CreditCard aria-hidden="true" />
                  Pay {formatMoney(inv.balance)} by card
                </Button>
              )
            )}
            <PayPalInvoicePayment invoice={inv} req={req} />
          </article>
        ))}
        {receipts.length > 0 && (
          <section aria-labelledby="receipts-heading" className="space-y-2">
            <h3 id="receipts-heading" className="font-semibold">
              Receipts
            </h3>
            <ul className="divide-y text-sm">
              {receipts.map((pay) => (
                <li key={pay.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {pay.receiptNumber}
                    {pay.invoiceNumber && ` · ${pay.invoiceNumber}`}
                    <span className="block text-xs text-slate-500">
                      {formatDateTime(pay.createdAt)} · {pay.method}
                      {pay.status !== 'succeeded' && ` · ${pay.status}`}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="text-right font-medium">
                      {formatMoney(pay.amount)}
                      {toCents(pay.tip) > 0 && (
                        <span className="block text-xs font-normal text-slate-500">
                          + {formatMoney(pay.tip)} tip
                        </span>
                      )}
                    </span>
                    {pay.status === 'succeeded' && (
                      <DownloadPdfLink
                        kind="receipt"
                        id={pay.id}
                        number={pay.receiptNumber ?? ''}
                        token={req.token}
                      />
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {failed.length > 0 && (
          <section aria-labelledby="failed-attempts-heading" className="space-y-2">
            <h3 id="failed-attempts-heading" className="font-semibold">
              Failed attempts
            </h3>
            <p className="text-xs text-slate-500">Declined cards: no money was taken.</p>
            <ul className="divide-y text-sm">
              {failed.map((pay) => (
                <li key={pay.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    Declined {pay.method} payment
                    {pay.invoiceNumber && ` · ${pay.invoiceNumber}`}
                    <span className="block text-xs text-slate-500">
                      {formatDateTime(pay.createdAt)}
                    </span>
                  </span>
                  <span className="font-medium text-slate-500">{formatMoney(pay.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
