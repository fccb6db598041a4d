import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatCents, parseDecimalInput, quoteTotals, toCents } from '@shared/money';
import { DEFAULT_TAX_RATE, QUOTE_VALIDATION_MESSAGE } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateQuote } from '../api';

type Item = {
  key: number;
  type: 'labor' | 'part';
  description: string;
  quantity: string;
  unitPrice: string;
  laborHours: string;
  partNumber: string;
};

const EMPTY = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleVin: '',
  vehicleMileage: '',
  notes: '',
};
let itemKey = 0;

/** Cents of what was typed: a decimal, or 0 when it is not one (never negative). */
const cents = (typed: string) => Math.max(0, toCents(parseDecimalInput(typed)));
const qty = (typed: string) => Math.max(0, parseDecimalInput(typed));

export function CreateQuote({ onCreated }: { onCreated: () => void }) {
  const [f, setF] = useState(EMPTY);
  const [items, setItems] = useState<Item[]>([]);
  const [taxRate, setTaxRate] = useState(String(DEFAULT_TAX_RATE));
  const create = useCreateQuote();

  // The same rules as the server, live.
  const totals = quoteTotals(
    items.map((i) => ({
      type: i.type,
      quantity: qty(i.quantity),
      unitPriceCents: cents(i.unitPrice),
    })),
    Math.max(0, parseDecimalInput(taxRate)),
  );

  const addItem = (type: Item['type']) =>
    setItems([
      ...items,
      {
        key: ++itemKey,
        type,
        description: '',
        quantity: '1',
        unitPrice: '0',
        laborHours: type === 'labor' ? '1' : '',
        partNumber: '',
      },
    ]);
  const setItem = (key: number, patch: Partial<Item>) =>
    setItems(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const submit = () => {
    if (!f.customerName.trim() || items.length === 0) {
      notify({
        title: 'Validation Error',
        description: QUOTE_VALIDATION_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    create.mutate(
      {
        ...f,
        taxRate: Math.max(0, parseDecimalInput(taxRate)),
        items: items.map((i) => ({
          type: i.type,
          description: i.description.trim() || (i.type === 'labor' ? 'Labor' : 'Part'),
          quantity: qty(i.quantity),
          unitPrice: cents(i.unitPrice) / 100,
          laborHours: i.type === 'labor' ? qty(i.laborHours) : null,
          partNumber: i.type === 'part' ? i.partNumber : null,
        })),
      },
      {
        onSuccess: (q) => {
          notify({ title: 'Quote Created', description: `${q.quoteNumber} for ${q.customerName}` });
          setF(EMPTY);
          setItems([]);
          setTaxRate(String(DEFAULT_TAX_RATE));
          onCreated();
        },
        onError: (err) =>
          notify({
            title: 'Error',
            // A refused quote (e.g. a total above the limit) says why; anything else is generic.
            description:
              err instanceof ApiError && err.status === 400
                ? errorMessage(err, 'Failed to create quote. Please try again.')
                : 'Failed to create quote. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  const field = (name: keyof typeof EMPTY, label: string, props: object = {}) => (
    <div className="space-y-1.5">
      <Label htmlFor={`q-${name}`}>{label}</Label>
      <Input
        id={`q-${name}`}
        value={f[name]}
        onChange={(e) => setF({ ...f, [name]: e.target.value })}
        {...props}
      />
    </div>
  );

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Customer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {field('customerName', 'Customer Name *')}
          {field('customerEmail', 'Customer Email', { type: 'email' })}
          {field('customerPhone', 'Customer Phone', { type: 'tel' })}
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
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          {items.length === 0 && (
            <p className="text-sm text-slate-500">No items yet: add labor or parts.</p>
          )}
          {items.map((i, n) => (
            <fieldset
              key={i.key}
              className="grid gap-3 rounded-md border p-3 sm:grid-cols-6"
              aria-label={`Item ${n + 1}`}
            >
              <div className="space-y-1 sm:col-span-2">
                <Label htmlFor={`i-${i.key}-d`}>
                  {i.type === 'labor' ? 'Labor' : 'Part'} description
                </Label>
                <Input
                  id={`i-${i.key}-d`}
                  value={i.description}
                  onChange={(e) => setItem(i.key, { description: e.target.value })}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`i-${i.key}-x`}>
                  {i.type === 'labor' ? 'Labor Hours' : 'Part Number'}
                </Label>
                {i.type === 'labor' ? (
                  <Input
                    id={`i-${i.key}-x`}
                    type="number"
                    step="0.25"
                    min={0}
                    value={i.laborHours}
                    onChange={(e) => setItem(i.key, { laborHours: e.target.value })}
                  />
                ) : (
                  <Input
                    id={`i-${i.key}-x`}
                    value={i.partNumber}
                    onChange={(e) => setItem(i.key, { partNumber: e.target.value })}
                  />
                )}
              </div>
              <div className="space-y-1">
                <Label htmlFor={`i-${i.key}-q`}>Quantity</Label>
                <Input
                  id={`i-${i.key}-q`}
                  type="number"
                  step="0.01"
                  min={0}
                  value={i.quantity}
                  onChange={(e) => setItem(i.key, { quantity: e.target.value })}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`i-${i.key}-p`}>Unit Price</Label>
                <Input
                  id={`i-${i.key}-p`}
                  type="number"
                  step="0.01"
                  min={0}
                  value={i.unitPrice}
                  onChange={(e) => setItem(i.key, { unitPrice: e.target.value })}
                />
              </div>
              <div className="flex items-end justify-between gap-2">
                <p className="text-sm">
                  <span className="block text-slate-500">Total</span>
                  <span data-testid="item-total" className="font-semibold">
                    {formatCents(totals.lineTotalsCents[n] ?? 0)}
                  </span>
                </p>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove item ${n + 1}`}
                  onClick={() => setItems(items.filter((x) => x.key !== i.key))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </fieldset>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-2">
          <div className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="q-taxRate">Tax Rate (%)</Label>
              <Input
                id="q-taxRate"
                type="number"
                step="0.01"
                min={0}
                value={taxRate}
                onChange={(e) => setTaxRate(e.target.value)}
              />
            </div>
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
          <dl
            className="space-y-2 self-end rounded-md bg-slate-50 p-4 text-sm"
            aria-label="Quote totals"
          >
            <div className="flex justify-between">
              <dt>Labor Total</dt>
              <dd data-testid="labor-total">{formatCents(totals.laborTotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Parts Total</dt>
              <dd data-testid="parts-total">{formatCents(totals.partsTotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd data-testid="tax-amount">{formatCents(totals.taxAmountCents)}</dd>
            </div>
            <div className="flex justify-between border-t pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="total-amount">{formatCents(totals.totalAmountCents)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Button size="lg" className="w-full" disabled={create.isPending} onClick={submit}>
        {create.isPending ? 'Creating Quote...' : 'Create Quote'}
      </Button>
    </div>
  );
}
