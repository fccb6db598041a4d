import { useState } from 'react';
import { parseDecimalInput, quoteTotals, toCents } from '@shared/money';
import {
  createQuoteSchema,
  DEFAULT_TAX_RATE,
  QUOTE_VALIDATION_MESSAGE,
  type DepositInput,
  type Quote,
  type UpdateQuoteInput,
} from '@shared/schemas/pos';
import { useFormError } from '../../components/ui/form-error';
import { notify } from '../../lib/toast';
import { notifyOutcome, usePosChange } from './offline/use-pos-change';
import type { Outcome } from './offline/sync-engine';
import { refOf, type QuoteView } from './offline/views';
import { newLineStart, type QuotePrefill } from './quote-prefill';
import { EMPTY_QUOTE_FIELDS, type QuoteFields } from './quote-fields';

export type Item = {
  key: number;
  type: 'labor' | 'part';
  description: string;
  quantity: string;
  unitPrice: string;
  partNumber: string;
};

let itemKey = 0;

/** The deposit as typed: none, a fixed amount in dollars, or a percentage of the total. */
export type DepositForm = { type: 'none' | 'fixed' | 'percent'; value: string };
const NO_DEPOSIT: DepositForm = { type: 'none', value: '' };

/** The deposit part of the body (the server checks it against the total, as the form does). */
const depositBody = (d: DepositForm): DepositInput | null =>
  d.type === 'fixed'
    ? { type: 'fixed', amount: d.value.trim() }
    : d.type === 'percent'
      ? { type: 'percent', percent: d.value.trim() }
      : null;

/** Cents of what was typed: a decimal, or 0 when it is not one (never negative). */
const cents = (typed: string) => Math.max(0, toCents(parseDecimalInput(typed)));
const qty = (typed: string) => Math.max(0, parseDecimalInput(typed));

/** The form's fields and items for a quote being edited. */
function fromQuote(q: QuoteView) {
  const fields = Object.fromEntries(
    Object.keys(EMPTY_QUOTE_FIELDS).map((k) => [k, q[k as keyof QuoteFields] ?? '']),
  ) as QuoteFields;
  const items: Item[] = q.items.map((i) => ({
    key: ++itemKey,
    type: i.type,
    description: i.description,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    partNumber: i.partNumber ?? '',
  }));
  const deposit: DepositForm = q.deposit
    ? {
        type: q.deposit.type,
        value: q.deposit.percent ? String(Number(q.deposit.percent)) : q.deposit.amount,
      }
    : NO_DEPOSIT;
  return { fields, items, taxRate: String(Number(q.taxRate)), deposit };
}

/**
 * The Create Quote form's state, live totals and submission. With a job's prefill the form
 * starts from the job and the quote is saved as the job's; with `editing` it holds that draft
 * quote and saves its new content. Either way the change goes through the offline queue.
 */
export function useCreateQuoteForm(
  onDone: () => void,
  prefill?: QuotePrefill,
  editing?: QuoteView,
  /** The technician's own hourly rate (their profile's): labor lines start at it. */
  hourlyRate?: string,
) {
  const [start] = useState(() =>
    editing
      ? fromQuote(editing)
      : {
          fields: prefill?.fields ?? EMPTY_QUOTE_FIELDS,
          items: [],
          taxRate: String(DEFAULT_TAX_RATE),
          deposit: NO_DEPOSIT,
        },
  );
  const [f, setF] = useState(start.fields);
  const [items, setItems] = useState<Item[]>(start.items);
  const [taxRate, setTaxRate] = useState(start.taxRate);
  const [deposit, setDeposit] = useState<DepositForm>(start.deposit);
  const create = usePosChange('quote.create');
  const update = usePosChange('quote.update');
  // A refusal (the form's check or the server's) stays by the button until the next attempt.
  const error = useFormError();

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
        ...newLineStart(type, {
          hourlyRate,
          serviceType: prefill?.serviceType ?? null,
        }),
        partNumber: '',
      },
    ]);
  const setItem = (key: number, patch: Partial<Item>) =>
    setItems(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const reset = () => {
    setF(start.fields);
    setItems(start.items);
    setTaxRate(start.taxRate);
    setDeposit(start.deposit);
  };

  /** A refused change: the server's message, kept inline (the toast says it too). */
  const refused = (outcome: Outcome) => {
    if (outcome.state === 'refused') error.report(null, outcome.message);
  };
  const failed = (err: unknown) => {
    const m = error.report(err, 'The quote could not be saved. Please try again.');
    notify({ title: 'Error', description: m, variant: 'destructive' });
  };

  const submit = () => {
    error.clear();
    // The form's own check: said by the button only (a toast would say it twice).
    const invalid = (description: string) => void error.report(null, description);
    if (!f.customerName.trim() || items.length === 0) return invalid(QUOTE_VALIDATION_MESSAGE);
    const body: UpdateQuoteInput = {
      ...f,
      taxRate: Math.max(0, parseDecimalInput(taxRate)),
      items: items.map((i) => ({
        type: i.type,
        description: i.description.trim() || (i.type === 'labor' ? 'Labor' : 'Part'),
        quantity: qty(i.quantity),
        unitPrice: cents(i.unitPrice) / 100,
        // A labor line has one number: its hours are its quantity (what the totals multiply).
        laborHours: i.type === 'labor' ? qty(i.quantity) : null,
        partNumber: i.type === 'part' ? i.partNumber : null,
      })),
      deposit: depositBody(deposit),
    };
    // Checked here as the server will: a change kept offline must not be refused later for it.
    const checked = createQuoteSchema.safeParse(body);
    if (!checked.success) return invalid(checked.error.issues[0]!.message);

    if (editing) {
      update.mutate(
        { quote: refOf(editing), body },
        {
          onSuccess: (outcome) => {
            refused(outcome);
            const label = editing.quoteNumber ?? 'The quote';
            if (
              notifyOutcome(outcome, `${label}'s changes`, () => ({
                title: 'Quote Updated',
                description: label,
              }))
            )
              onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(
      { ...body, serviceRequestId: prefill?.serviceRequestId ?? null },
      {
        onSuccess: (outcome) => {
          refused(outcome);
          const ok = notifyOutcome(
            outcome,
            `The quote for ${f.customerName.trim()}`,
            (q: Quote) => ({
              title: 'Quote Created',
              description: `${q.quoteNumber} for ${q.customerName}`,
            }),
          );
          if (!ok) return;
          reset();
          onDone();
        },
        onError: failed,
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
    deposit,
    setDeposit,
    totals,
    pending: create.isPending || update.isPending,
    submit,
    error,
  };
}
