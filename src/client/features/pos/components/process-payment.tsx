import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { parseDecimalInput } from '@shared/money';
import type { PosPayment } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { ApiError, apiRequest, errorMessage, getJson } from '../../../lib/api-client';
import { useSquareCard, type SquareCardConfig } from '../../../lib/square-card';
import { notify } from '../../../lib/toast';
import { useCardPayment, useInvoices, useRecordPayment } from '../api';
import { posReceiptPath } from '@shared/paths';

type Method = 'card' | 'cash' | 'check' | 'digital';
type PaymentsConfig = {
  card: ({ provider: 'sandbox' } | ({ provider: 'square' } & SquareCardConfig)) | null;
};

const FAILED = { title: 'Payment Failed', description: 'Please try again or contact support' };

/** The payment a declined card answer (402) carries: it has a receipt too. */
function declinedPayment(err: unknown): PosPayment | null {
  if (!(err instanceof ApiError) || err.status !== 402) return null;
  try {
    return (JSON.parse(err.body) as { payment?: PosPayment }).payment ?? null;
  } catch {
    return null;
  }
}

export function ProcessPayment({
  technicianId,
  invoiceId,
  onInvoiceChange,
  onPaid,
}: {
  technicianId: number;
  invoiceId: number | null;
  onInvoiceChange: (id: number | null) => void;
  onPaid: () => void;
}) {
  const invoices = useInvoices(technicianId);
  const config = useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => getJson<PaymentsConfig>('/api/payments/config'),
  });
  const open = (invoices.data ?? []).filter((i) => i.status !== 'paid');
  const selected = open.find((i) => i.id === invoiceId) ?? null;
  const [amount, setAmount] = useState(selected?.balanceDue ?? '');
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });
  const [processing, setProcessing] = useState(false);
  const [declined, setDeclined] = useState<PosPayment | null>(null);
  /**
   * One idempotency key per payment attempt: made when the form opens or the amount or invoice
   * changes, reused by retries and double clicks (the server charges a key once), and renewed
   * only after a definitive answer (paid, or declined: the next try is a new attempt).
   */
  const attemptKey = useRef(crypto.randomUUID());
  const newAttempt = () => {
    attemptKey.current = crypto.randomUUID();
  };
  const pending = useRef(false);
  const cardPayment = useCardPayment();
  const recordPayment = useRecordPayment();
  const value = parseDecimalInput(amount);
  const squareConfig = config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(method === 'card' ? squareConfig : null, 'pos-square-card');

  const done = (title: string, description: string) => {
    newAttempt();
    setDeclined(null);
    notify({ title, description });
    setAmount('');
    setCard({ number: '', expiry: '', cvv: '' });
    onInvoiceChange(null);
    onPaid();
  };

  const pay = async () => {
    if (pending.current) return;
    pending.current = true;
    setProcessing(true);
    setDeclined(null);
    try {
      if (method === 'card') {
        const token = squareConfig
          ? await square.tokenize()
          : (await apiRequest<{ token: string }>('POST', '/api/payments/sandbox/tokenize', card))
              .token;
        const result = await cardPayment.mutateAsync({
          amount: value,
          sourceId: token,
          idempotencyKey: attemptKey.current,
          invoiceId: selected?.id,
          customerEmail: selected?.customerEmail ?? undefined,
          customerName: selected?.customerName,
        });
        if (!result.success) {
          newAttempt();
          setDeclined(result.payment);
          notify({
            ...FAILED,
            description: result.message ?? FAILED.description,
            variant: 'destructive',
          });
          return;
        }
        done('Payment Successful', `$${result.payment.amount} charged to the card.`);
      } else {
        const p = await recordPayment.mutateAsync({
          amount: value,
          method,
          invoiceId: selected?.id,
        });
        done('Payment Recorded', `$${p.amount} ${method} payment, receipt ${p.receiptNumber}.`);
      }
    } catch (err) {
      const payment = declinedPayment(err);
      if (payment) {
        newAttempt();
        setDeclined(payment);
      }
      notify({
        ...FAILED,
        description: errorMessage(err, FAILED.description),
        variant: 'destructive',
      });
    } finally {
      pending.current = false;
      setProcessing(false);
    }
  };

  const cardUnavailable =
    method === 'card' &&
    !!config.data &&
    (!config.data.card || (squareConfig !== null && square.state !== 'ready'));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Process Payment</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="pay-invoice">Invoice</Label>
          <Select
            id="pay-invoice"
            value={selected ? String(selected.id) : ''}
            onChange={(e) => {
              const id = e.target.value ? Number(e.target.value) : null;
              newAttempt();
              onInvoiceChange(id);
              setAmount(open.find((i) => i.id === id)?.balanceDue ?? '');
            }}
          >
            <option value="">No invoice (enter an amount)</option>
            {open.map((i) => (
              <option key={i.id} value={i.id}>
                {i.invoiceNumber} · {i.customerName} · ${i.balanceDue} due
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="pay-amount">Amount ($)</Label>
            <Input
              id="pay-amount"
              type="number"
              step="0.01"
              min={0}
              value={amount}
              onChange={(e) => {
                if (parseDecimalInput(e.target.value) !== value) newAttempt();
                setAmount(e.target.value);
              }}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="pay-method">Payment Method</Label>
            <Select
              id="pay-method"
              value={method}
              onChange={(e) => setMethod(e.target.value as Method)}
            >
              <option value="card">Credit/Debit Card</option>
              <option value="cash">Cash</option>
              <option value="check">Check</option>
              <option value="digital">Digital Wallet</option>
            </Select>
          </div>
        </div>
        {method === 'card' && squareConfig && (
          <div id="pos-square-card" className="min-h-[90px] rounded-md border p-2" />
        )}
        {method === 'card' &&
          !squareConfig &&
          (config.data && !config.data.card ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Payment Unavailable: Payment processing is not configured.
            </p>
          ) : (
            <div className="grid gap-4 rounded-md border p-4 sm:grid-cols-4">
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="card-number">Card Number</Label>
                <Input
                  id="card-number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={19}
                  placeholder="4111 1111 1111 1111"
                  value={card.number}
                  onChange={(e) => setCard({ ...card, number: e.target.value })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="card-expiry">Expiry</Label>
                <Input
                  id="card-expiry"
                  autoComplete="cc-exp"
                  maxLength={5}
                  placeholder="MM/YY"
                  value={card.expiry}
                  onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="card-cvv">CVV</Label>
                <Input
                  id="card-cvv"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  value={card.cvv}
                  onChange={(e) => setCard({ ...card, cvv: e.target.value })}
                />
              </div>
              <p className="text-xs text-slate-500 sm:col-span-4">
                Card processing fee: 2.9% + 30 cents per transaction.
              </p>
            </div>
          ))}
        {declined && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900"
          >
            <span>
              Declined: {declined.failureMessage ?? 'The card was declined'} · receipt{' '}
              {declined.receiptNumber}
            </span>
            <Button size="sm" variant="outline" asChild>
              <Link to={posReceiptPath(declined.id)}>View Receipt</Link>
            </Button>
          </div>
        )}
        <Button
          size="lg"
          className="w-full"
          disabled={processing || value <= 0 || !!cardUnavailable}
          onClick={() => void pay()}
        >
          <CreditCard className="mr-2 h-4 w-4" aria-hidden="true" />
          {processing
            ? 'Processing...'
            : `Process Payment${value > 0 ? ` $${value.toFixed(2)}` : ''}`}
        </Button>
      </CardContent>
    </Card>
  );
}
