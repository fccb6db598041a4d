import { useState } from 'react';
import { parseDecimalInput, quoteTotals, toCents } from '@shared/money';
import { DEFAULT_TAX_RATE, QUOTE_VALIDATION_MESSAGE } from '@shared/schemas/pos';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useCreateQuote } from './api';
import type { QuotePrefill } from './quote-prefill';

export type Item = {
  key: number;
  type: 'labor' | 'part';
  description: string;
  quantity: string;
  unitPrice: string;
  laborHours: string;
  partNumber: string;
};

export const EMPTY = {
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

/**
 * The Create Quote form's state, live totals and submission. With a job's prefill the form
 * starts from the job and the quote is saved as the job's.
 */
export function useCreateQuoteForm(onCreated: () => void, prefill?: QuotePrefill) {
  const start = prefill?.fields ?? EMPTY;
  const [f, setF] = useState(start);
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
        serviceRequestId: prefill?.serviceRequestId ?? null,
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
          setF(start);
          setItems([]);
          setTaxRate(String(DEFAULT_TAX_RATE));
          onCreated();
        },
        onError: (err) =>
          notify({
            title: 'Error',
            // A refused quote (a total above the limit, a job no longer active) says why;
            // anything else is generic.
            description:
              err instanceof ApiError && (err.status === 400 || err.status === 409)
                ? errorMessage(err, 'Failed to create quote. Please try again.')
                : 'Failed to create quote. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  const removeItem = (key: number) => setItems(items.filter((x) => x.key !== key));

  return {
    f,
    setF,
    items,
    addItem,
    setItem,
    removeItem,
    taxRate,
    setTaxRate,
    totals,
    create,
    submit,
  };
}
