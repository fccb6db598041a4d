import { percentText } from '@shared/sales-tax';
import { errorMessage } from '../../../lib/api-client';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { TaxRatesAnswer } from '../api/get-tax-rates';
import type { TaxForm } from '../use-create-quote-form';

/** What a jurisdiction charges, as a sentence: 'Maryland: 6% on parts; labor is not taxed'. */
export function describeRates(r: Pick<TaxRatesAnswer, 'name' | 'partsRate' | 'laborRate'>) {
  const labor = r.laborRate > 0 ? `${percentText(r.laborRate)} on labor` : 'labor is not taxed';
  return `${r.name}: ${percentText(r.partsRate)} on parts; ${labor}`;
}

/**
 * The quote's sales tax (ADR 031): the place of work (asked on a standalone quote; a job's is
 * the job's), the rates of its jurisdiction with their source, and the technician's own rates
 * with the reason they are kept on the record for.
 */
export function TaxFields({
  tax,
  onChange,
  askPlace,
  jurisdiction,
  placeError,
}: {
  tax: TaxForm;
  onChange: (t: TaxForm) => void;
  /** A standalone quote: the place of work is typed. */
  askPlace: boolean;
  jurisdiction: TaxRatesAnswer | undefined;
  placeError: unknown;
}) {
  const set = (patch: Partial<TaxForm>) => onChange({ ...tax, ...patch });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Sales Tax</legend>
      {askPlace && (
        <div className="space-y-1.5">
          <Label htmlFor="q-workLocation">Place of Work (ZIP code, town or address)</Label>
          <Input
            id="q-workLocation"
            value={tax.workLocation}
            maxLength={200}
            autoComplete="postal-code"
            onChange={(e) => set({ workLocation: e.target.value })}
          />
        </div>
      )}
      <p className="text-sm text-slate-600" data-testid="tax-jurisdiction" aria-live="polite">
        {placeError
          ? errorMessage(placeError, 'The sales tax of this place could not be found')
          : jurisdiction
            ? describeRates(jurisdiction)
            : askPlace
              ? 'Enter the place of work: its sales tax applies.'
              : 'The rates of the job’s location apply.'}
      </p>
      {jurisdiction && <p className="text-xs text-slate-500">Source: {jurisdiction.source}</p>}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={tax.override}
          onChange={(e) =>
            set({
              override: e.target.checked,
              taxRate: tax.taxRate || String(jurisdiction?.partsRate ?? ''),
              laborTaxRate: tax.laborTaxRate || String(jurisdiction?.laborRate ?? ''),
            })
          }
        />
        Use other rates for this quote
      </label>
      {tax.override && (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="q-taxRate">Tax on Parts (%)</Label>
            <Input
              id="q-taxRate"
              type="number"
              step="0.01"
              min={0}
              max={99.99}
              value={tax.taxRate}
              onChange={(e) => set({ taxRate: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="q-laborTaxRate">Tax on Labor (%)</Label>
            <Input
              id="q-laborTaxRate"
              type="number"
              step="0.01"
              min={0}
              max={99.99}
              value={tax.laborTaxRate}
              onChange={(e) => set({ laborTaxRate: e.target.value })}
            />
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor="q-taxReason">Reason (kept on the quote)</Label>
            <Input
              id="q-taxReason"
              value={tax.reason}
              maxLength={500}
              placeholder="e.g. tax-exempt customer, certificate on file"
              onChange={(e) => set({ reason: e.target.value })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
