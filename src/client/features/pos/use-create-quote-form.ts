import { useState } from 'react';
import { parseDecimalInput, quoteTotals, toCents } from '@shared/money';
import { phoneForInput } from '@shared/phone';
import { salesTaxLabel } from '@shared/sales-tax';
import {
  createQuoteSchema,
  PLACE_OF_WORK_MESSAGE,
  QUOTE_VALIDATION_MESSAGE,
  TAX_OVERRIDE_REASON_MESSAGE,
  type DepositInput,
  type Quote,
  type UpdateQuoteInput,
} from '@shared/schemas/pos';
import { useFormError } from '../../components/ui/form-error';
import { useSettled } from '../../lib/use-settled';
import { notify } from '../../lib/toast';
import { useTaxRates } from './api/get-tax-rates';
import { notifyOutcome, usePosChange } from './offline/use-pos-change';
import type { Outcome } from './offline/sync-engine';
import { refOf, type QuoteView } from './offline/views';
import { newLineStart, type QuotePrefill } from './quote-prefill';
import { EMPTY_QUOTE_FIELDS, type QuoteFields } from './quote-fields';
import type { PriceBookItem } from '@shared/schemas/price-book';

/** The spec's words when a new quote is not created. */
const QUOTE_CREATE_FAILED = 'Failed to create quote. Please try again.';

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

/**
 * The sales tax as the form holds it (ADR 031): the place of work (a job's is the job's), and,
 * when the technician changes the place's rates, theirs and the reason.
 */
export type TaxForm = {
  workLocation: string;
  override: boolean;
  taxRate: string;
  laborTaxRate: string;
  reason: string;
};
const rateText = (r: string | number) => String(Number(r));

export const TAX_RATES_UNKNOWN =
  'The sales tax of the place of work is not known yet (it is looked up online): wait for it, or use other rates with a reason';

/** Cents of what was typed: a decimal, or 0 when it is not one (never negative). */
const cents = (typed: string) => Math.max(0, toCents(parseDecimalInput(typed)));
const qty = (typed: string) => Math.max(0, parseDecimalInput(typed));

/** The form's fields and items for a quote being edited. */
function fromQuote(q: QuoteView) {
  const fields = Object.fromEntries(
    Object.keys(EMPTY_QUOTE_FIELDS).map((k) => [k, q[k as keyof QuoteFields] ?? '']),
  ) as QuoteFields;
  fields.customerPhone = phoneForInput(q.customerPhone);
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
  const tax: TaxForm = {
    workLocation: q.workLocation ?? '',
    override: q.taxOverrideReason !== null,
    taxRate: rateText(q.taxRate),
    laborTaxRate: rateText(q.laborTaxRate),
    reason: q.taxOverrideReason ?? '',
  };
  return { fields, items, tax, deposit };
}

const NO_OVERRIDE: TaxForm = {
  workLocation: '',
  override: false,
  taxRate: '',
  laborTaxRate: '',
  reason: '',
};

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
          tax: NO_OVERRIDE,
          deposit: NO_DEPOSIT,
        },
  );
  const [f, setF] = useState(start.fields);
  const [items, setItems] = useState<Item[]>(start.items);
  const [tax, setTax] = useState<TaxForm>(start.tax);
  const [deposit, setDeposit] = useState<DepositForm>(start.deposit);
  // The place of work's rates: a job's location, or the place typed on a standalone quote.
  const place = prefill?.location ?? (editing?.jobReference ? '' : tax.workLocation);
  const settledPlace = useSettled(place);
  const placeRates = useTaxRates(settledPlace);
  // Only the rates of the place as typed now: none while it settles or is being looked up.
  const current = settledPlace === place && !placeRates.isPlaceholderData;
  const jurisdiction = current && !placeRates.isError ? placeRates.data : undefined;
  const rates = tax.override
    ? {
        parts: Math.max(0, parseDecimalInput(tax.taxRate)),
        labor: Math.max(0, parseDecimalInput(tax.laborTaxRate)),
      }
    : jurisdiction
      ? { parts: jurisdiction.partsRate, labor: jurisdiction.laborRate }
      : editing
        ? { parts: Number(editing.taxRate), labor: Number(editing.laborTaxRate) }
        : null;
  const create = usePosChange('quote.create');
  const update = usePosChange('quote.update');
  // A refusal (the form's check or the server's) stays by the button until the next attempt.
  const error = useFormError();
  // A phone the phone rule refuses: said under its field.
  const [phoneError, setPhoneError] = useState<string | undefined>();

  // The same rules as the server, live.
  const totals = quoteTotals(
    items.map((i) => ({
      type: i.type,
      quantity: qty(i.quantity),
      unitPriceCents: cents(i.unitPrice),
    })),
    rates ?? { parts: 0, labor: 0 },
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
  /** A line copied from the price book: its price now (a later change never reaches it). */
  const addFromBook = (item: PriceBookItem) =>
    setItems([
      ...items,
      {
        key: ++itemKey,
        type: item.kind,
        description: item.name,
        quantity: '1',
        unitPrice: item.unitPrice,
        partNumber: item.partNumber ?? '',
      },
    ]);
  const setItem = (key: number, patch: Partial<Item>) =>
    setItems(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const reset = () => {
    setF(start.fields);
    setItems(start.items);
    setTax(start.tax);
    setDeposit(start.deposit);
  };

  /** A refused change: the server's message, kept inline (the toast says it too). */
  const refused = (outcome: Outcome) => {
    if (outcome.state === 'refused') error.report(null, outcome.message);
  };
  const failed = (err: unknown, fallback = 'The quote could not be saved. Please try again.') => {
    const m = error.report(err, fallback);
    notify({ title: 'Error', description: m, variant: 'destructive' });
  };

  const submit = () => {
    error.clear();
    setPhoneError(undefined);
    // The form's own check: said by the button only (a toast would say it twice).
    const invalid = (description: string) => void error.report(null, description);
    if (!f.customerName.trim() || items.length === 0) return invalid(QUOTE_VALIDATION_MESSAGE);
    const standalone = !prefill && !editing?.jobReference;
    if (standalone && !tax.workLocation.trim()) return invalid(PLACE_OF_WORK_MESSAGE);
    if (tax.override && !tax.reason.trim()) return invalid(TAX_OVERRIDE_REASON_MESSAGE);
    // The customer may sign on this device before it syncs: what they see must be what the
    // server will compute, so the place's rates must be known (looked up online, or typed).
    if (!rates) return invalid(TAX_RATES_UNKNOWN);
    const body: UpdateQuoteInput = {
      ...f,
      workLocation: standalone ? tax.workLocation.trim() : null,
      // The rates shown are sent (the server checks them against the place's); unknown
      // (offline, the place not looked up yet): the server applies the place's.
      ...(rates ? { taxRate: rates.parts, laborTaxRate: rates.labor } : {}),
      taxOverrideReason: tax.override ? tax.reason.trim() : null,
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
    if (!checked.success) {
      const { issues } = checked.error;
      setPhoneError(issues.find((i) => i.path[0] === 'customerPhone')?.message);
      const other = issues.find((i) => i.path[0] !== 'customerPhone');
      return other ? invalid(other.message) : undefined;
    }

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
          onError: (err) => failed(err),
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
            'Error',
            QUOTE_CREATE_FAILED,
          );
          if (!ok) return;
          reset();
          onDone();
        },
        onError: (err) => failed(err, QUOTE_CREATE_FAILED),
      },
    );
  };

  const removeItem = (key: number) => setItems(items.filter((x) => x.key !== key));

  return {
    f,
    setF,
    items,
    addItem,
    addFromBook,
    setItem,
    removeItem,
    tax,
    setTax,
    taxLabel: rates
      ? salesTaxLabel({
          taxRate: rates.parts,
          laborTaxRate: rates.labor,
          taxJurisdiction: tax.override
            ? null
            : (jurisdiction?.jurisdiction ?? editing?.taxJurisdiction),
        })
      : 'Tax (from the place of work)',
    place,
    jurisdiction,
    placeError: current && placeRates.isError ? placeRates.error : null,
    deposit,
    setDeposit,
    totals,
    pending: create.isPending || update.isPending,
    submit,
    error,
    phoneError,
  };
}
