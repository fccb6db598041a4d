import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatCardNumber, formatExpiry } from '../../../lib/card-input';
import type { CardDetails } from '../use-process-payment';

/**
 * The sandbox card form (no Square configured): number, expiry and CVV typed in. Customers see
 * it too (a deposit, an invoice paid on the request page): the technician's processing fee is
 * not theirs to read, so the point of sale says it (`ProcessPayment`), never this form.
 */
export function SandboxCardFields({
  card,
  onChange,
}: {
  card: CardDetails;
  onChange: (card: CardDetails) => void;
}) {
  return (
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
          onChange={(e) => onChange({ ...card, number: formatCardNumber(e.target.value) })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="card-expiry">Expiry</Label>
        <Input
          id="card-expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="MM/YY"
          value={card.expiry}
          // Formatted as typed: 1228 reads 12/28.
          onChange={(e) => onChange({ ...card, expiry: formatExpiry(e.target.value) })}
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
          onChange={(e) => onChange({ ...card, cvv: e.target.value })}
        />
      </div>
    </div>
  );
}
