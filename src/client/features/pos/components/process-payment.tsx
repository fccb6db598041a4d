import { CreditCard } from 'lucide-react';
import { formatAmount, formatCents, parseDecimalInput, toCents } from '@shared/money';
import { TIP_MESSAGES } from '@shared/schemas/pos';
import { TipPicker } from '../../../components/tip-picker';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { refKey } from '../offline/views';
import { useProcessPayment, type Method, type PaidInfo } from '../use-process-payment';
import { DeclinedNotice } from './declined-notice';
import { SandboxCardFields } from './sandbox-card-fields';
import { connectUrl } from '../../../lib/api/payment-connections';

export function ProcessPayment(props: {
  technicianId: number;
  invoiceKey: string | null;
  onInvoiceChange: (key: string | null) => void;
  onPaid: (info: PaidInfo) => void;
}) {
  const { onInvoiceChange } = props;
  const {
    open,
    selected,
    amount,
    setAmount,
    method,
    setMethod,
    card,
    setCard,
    processing,
    declined,
    newAttempt,
    value,
    tipChoice,
    changeTip,
    tip,
    tipBaseCents,
    config,
    squareConfig,
    cardBlocked,
    accountMissing,
    cardUnavailable,
    pay,
    error,
  } = useProcessPayment(props);

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
            value={selected ? refKey(selected) : ''}
            onChange={(e) => {
              const key = e.target.value || null;
              newAttempt();
              onInvoiceChange(key);
              setAmount(open.find((i) => refKey(i) === key)?.balanceDue ?? '');
            }}
          >
            <option value="">No invoice (enter an amount)</option>
            {open.map((i) => (
              <option key={refKey(i)} value={refKey(i)}>
                {i.invoiceNumber ?? 'New invoice, waiting to sync'} · {i.customerName} ·{' '}
                {formatAmount(i.balanceDue)} due
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
        {cardBlocked && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {cardBlocked}
            {accountMissing && (
              <>
                {' '}
                <a className="font-medium underline" href={connectUrl(accountMissing, 'pos')}>
                  Connect your payment account
                </a>
              </>
            )}
          </p>
        )}
        {method === 'card' && !cardBlocked && squareConfig && (
          <div id="pos-square-card" className="min-h-[90px] rounded-md border p-2" />
        )}
        {method === 'card' &&
          !cardBlocked &&
          !squareConfig &&
          (config && !config.card ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Payment Unavailable: Payment processing is not configured.
            </p>
          ) : (
            <SandboxCardFields card={card} onChange={setCard} />
          ))}
        {method === 'card' && !cardBlocked && value > 0 && (
          // Handed to the customer at the roadside: a tip is charged with the amount.
          <TipPicker
            totalCents={tipBaseCents}
            value={tipChoice}
            onChange={changeTip}
            disabled={processing}
            overMessage={selected ? TIP_MESSAGES.overTotal : TIP_MESSAGES.overAmount}
          />
        )}
        {method === 'card' && !cardBlocked && (
          // The technician's cost of taking a card; never shown on the customer's card forms.
          <p className="text-xs text-slate-500" data-testid="processing-fee">
            Card processing fee: 2.9% + 30 cents per transaction.
          </p>
        )}
        {declined && <DeclinedNotice payment={declined} />}
        <FormError id={error.id} message={error.message} />
        <Button
          size="lg"
          className="w-full"
          disabled={processing || value <= 0 || !!cardUnavailable || !!tip.error}
          onClick={() => void pay()}
          aria-describedby={error.describedBy}
        >
          <CreditCard className="mr-2 h-4 w-4" aria-hidden="true" />
          {processing
            ? 'Processing...'
            : `Process Payment${value > 0 ? ` ${formatCents(toCents(value) + tip.cents)}` : ''}`}
        </Button>
      </CardContent>
    </Card>
  );
}
