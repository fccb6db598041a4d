import { JURISDICTION_NAMES, type Jurisdiction } from './constants/service-area';

/** A rate as people read it: '6%', '5.3%'. */
export const percentText = (rate: number | string) => `${Number(Number(rate).toFixed(2))}%`;

/**
 * How a quote, invoice or receipt names its sales tax (docs/decisions/031): 'Sales tax,
 * Maryland (6% on parts)', 'Sales tax, District of Columbia (7%)' (parts and labour alike),
 * '... (6% on parts, 2% on labor)'; rates the technician changed (with a reason) are not named
 * after the jurisdiction. Documents made before the rates were kept say 'Tax'.
 */
export function salesTaxLabel(t: {
  taxRate: number | string | null;
  laborTaxRate: number | string | null;
  /** The jurisdiction's code (MD, DC, VA-NOVA), when the document names one. */
  taxJurisdiction?: string | null;
  /** Why the technician changed the jurisdiction's rates: then the rates are not its. */
  taxOverrideReason?: string | null;
}): string {
  if (t.taxRate === null || t.laborTaxRate === null) return 'Tax';
  const parts = Number(t.taxRate);
  const labor = Number(t.laborTaxRate);
  const rates =
    parts === labor
      ? percentText(parts)
      : labor === 0
        ? `${percentText(parts)} on parts`
        : `${percentText(parts)} on parts, ${percentText(labor)} on labor`;
  const name =
    t.taxJurisdiction && !t.taxOverrideReason
      ? JURISDICTION_NAMES[t.taxJurisdiction as Jurisdiction]
      : null;
  return `Sales tax${name ? `, ${name}` : ''} (${rates})`;
}
