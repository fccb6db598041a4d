import { Plus } from 'lucide-react';
import { centsToDecimal } from '@shared/money';
import type { FairPrice } from '@shared/schemas/fair-price';
import { FairPriceSummary } from '../../../components/fair-price';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { FormError } from '../../../components/ui/form-error';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { invalidProps } from '../../../lib/form-errors';
import type { QuoteView } from '../offline/views';
import type { QuotePrefill } from '../quote-prefill';
import type { QuoteFields } from '../quote-fields';
import { useCreateQuoteForm } from '../use-create-quote-form';
import { DepositFields } from './deposit-fields';
import { DocNumber } from './doc-number';
import { QuoteItemRow } from './quote-item-row';
import { QuoteTotals } from './quote-totals';
import { TaxFields } from './tax-fields';
import { PriceBookPicker } from './price-book-picker';
import { usePriceBookChanges } from '../api/price-book';
import { notify } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';

export function CreateQuote({
  onCreated,
  prefill,
  editing,
  onCancelEdit,
  fairPrice,
  hourlyRate,
}: {
  onCreated: () => void;
  /** The technician's own hourly rate: new labor lines start at it. */
  hourlyRate?: string;
  /** A job's customer, vehicle and problem: the quote is saved as that job's. */
  prefill?: QuotePrefill;
  /** A draft quote to change instead of a new one. */
  editing?: QuoteView;
  onCancelEdit?: () => void;
  /** The typical prices for the quote's job (its service type in its area). */
  fairPrice?: FairPrice;
}) {
  const {
    f,
    setF,
    items,
    addItem,
    addFromBook,
    setItem,
    removeItem,
    tax,
    setTax,
    taxLabel,
    jurisdiction,
    placeError,
    deposit,
    setDeposit,
    totals,
    pending,
    submit,
    error,
    phoneError,
  } = useCreateQuoteForm(onCreated, prefill, editing, hourlyRate);
  const book = usePriceBookChanges();

  const field = (name: keyof QuoteFields, label: string, props: object = {}, message?: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`q-${name}`}>{label}</Label>
      <Input
        id={`q-${name}`}
        value={f[name]}
        onChange={(e) => setF({ ...f, [name]: e.target.value })}
        {...props}
        {...invalidProps(`q-${name}`, message)}
      />
      <FieldError id={`q-${name}-error`} message={message} />
    </div>
  );

  return (
    <div className="space-y-6">
      {editing && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          <p>
            Editing quote <DocNumber value={editing.quoteNumber} /> for {editing.customerName}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={onCancelEdit}>
            Cancel Edit
          </Button>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Customer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {field('customerName', 'Customer Name *')}
          {field('customerEmail', 'Customer Email', { type: 'email' })}
          {field('customerPhone', 'Customer Phone', { type: 'tel' }, phoneError)}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Vehicle</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {field('vehicleYear', 'Year', { inputMode: 'numeric' })}
          {field('vehicleMake', 'Make')}
          {field('vehicleModel', 'Model')}
          {field('vehicleVin', 'VIN', { maxLength: 17 })}
          {field('vehicleMileage', 'Mileage', { inputMode: 'numeric' })}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle>Items</CardTitle>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => addItem('labor')}>
              <Plus className="mr-1 h-4 w-4" aria-hidden="true" /> Add Labor
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => addItem('part')}>
              <Plus className="mr-1 h-4 w-4" aria-hidden="true" /> Add Part
            </Button>
            <PriceBookPicker onPick={addFromBook} />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {items.length === 0 && (
            <p className="text-sm text-slate-500">No items yet: add labor or parts.</p>
          )}
          {items.map((i, n) => (
            <QuoteItemRow
              key={i.key}
              item={i}
              n={n}
              lineTotalCents={totals.lineTotalsCents[n] ?? 0}
              fairPrice={fairPrice}
              onChange={(patch) => setItem(i.key, patch)}
              onRemove={() => removeItem(i.key)}
              onSave={() =>
                book.create.mutate(
                  {
                    kind: i.type,
                    name: i.description,
                    unitPrice: i.unitPrice,
                    partNumber: i.type === 'part' ? i.partNumber || null : null,
                  },
                  {
                    onSuccess: () =>
                      notify({ title: 'Saved to your price book', description: i.description }),
                    onError: (err) =>
                      notify({
                        title: 'Not saved',
                        description: errorMessage(err, 'The line could not be saved.'),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-2">
          <div className="space-y-4">
            <TaxFields
              tax={tax}
              onChange={setTax}
              askPlace={!prefill && !editing?.jobReference}
              jurisdiction={jurisdiction}
              placeError={placeError}
            />
            <DepositFields
              deposit={deposit}
              totalCents={totals.totalAmountCents}
              onChange={setDeposit}
            />
            <div className="space-y-1.5">
              <Label htmlFor="q-notes">Notes</Label>
              <Textarea
                id="q-notes"
                rows={3}
                value={f.notes}
                onChange={(e) => setF({ ...f, notes: e.target.value })}
              />
            </div>
          </div>
          <div className="space-y-3 self-end">
            {fairPrice && (
              <FairPriceSummary
                fairPrice={fairPrice}
                total={centsToDecimal(totals.totalAmountCents)}
              />
            )}
            <QuoteTotals totals={totals} taxLabel={taxLabel} />
          </div>
        </CardContent>
      </Card>
      <FormError id={error.id} message={error.message} />
      <Button
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={submit}
        aria-describedby={error.describedBy}
      >
        {editing
          ? pending
            ? 'Saving Changes...'
            : 'Save Changes'
          : pending
            ? 'Creating Quote...'
            : 'Create Quote'}
      </Button>
    </div>
  );
}
