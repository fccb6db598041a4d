import { warrantyText, type WarrantyTerms } from '@shared/schemas/warranty';

/** The workmanship warranty a quote, invoice or receipt states (ADR 044). */
export function WarrantyStatement({
  terms,
  className = 'text-sm text-slate-600',
}: {
  terms: WarrantyTerms | null | undefined;
  className?: string;
}) {
  if (!terms) return null;
  return (
    <p className={className} data-testid="warranty-statement">
      {warrantyText(terms)}
    </p>
  );
}
