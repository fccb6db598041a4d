import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BRAND } from '@shared/brand';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import type { Invoice, PosPayment } from '@shared/schemas/pos';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage, getJson } from '../lib/api-client';

type Receipt = {
  payment: PosPayment;
  invoice: Invoice | null;
  technician: { name: string; phone: string | null };
};

/** 'VISA' -> 'Visa', 'AMERICAN_EXPRESS' -> 'American Express'; 'Card' when unknown. */
function cardBrandLabel(brand: string | null) {
  if (!brand) return 'Card';
  return brand
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A printable receipt for one point-of-sale payment. */
export default function PosReceipt() {
  const { id } = useParams();
  const receipt = useQuery({
    queryKey: ['/api/pos/receipts', id],
    queryFn: () => getJson<Receipt>(`/api/pos/receipts/${id}`),
  });
  if (receipt.isLoading)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  if (receipt.isError)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold">Receipt Not Available</h1>
        <p className="mt-2 text-slate-600">{errorMessage(receipt.error, 'Receipt not found')}</p>
      </div>
    );
  const { payment: p, invoice: inv, technician } = receipt.data!;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="mb-6 flex justify-between print:hidden">
        <Button variant="outline" asChild>
          <Link to="/pos-system">Back to POS</Link>
        </Button>
        <Button onClick={() => window.print()}>
          <Printer className="mr-2 h-4 w-4" aria-hidden="true" /> Print
        </Button>
      </div>
      <article className="rounded-lg border bg-white p-8">
        <header className="mb-6 flex justify-between">
          <div>
            <p className="text-xl font-bold">{BRAND.name}</p>
            <p className="text-sm text-slate-600">
              {technician.name}
              {technician.phone && ` · ${technician.phone}`}
            </p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl font-bold">Receipt</h1>
            <p className="text-sm">{p.receiptNumber}</p>
            <p className="text-sm text-slate-600">{new Date(p.createdAt).toLocaleString()}</p>
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
                  <td className="py-1 text-right">${i.totalPrice}</td>
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
                <dd data-testid="receipt-labor">${inv.laborTotal}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Parts</dt>
                <dd data-testid="receipt-parts">${inv.partsTotal}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Tax</dt>
                <dd data-testid="receipt-tax">${inv.taxAmount}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Invoice total</dt>
                <dd>${inv.totalAmount}</dd>
              </div>
            </>
          )}
          <div className="flex justify-between text-base font-bold">
            <dt>{p.status === 'succeeded' ? 'Amount paid' : 'Amount'}</dt>
            <dd>${p.amount}</dd>
          </div>
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
          {inv && (
            <div className="flex justify-between">
              <dt>Balance due</dt>
              <dd>${inv.balanceDue}</dd>
            </div>
          )}
        </dl>
        <p className="mt-8 text-center text-sm text-slate-500">Thank you for your business!</p>
      </article>
    </div>
  );
}
