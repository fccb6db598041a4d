import type { ReactNode } from 'react';
import type { Branding } from '@shared/schemas/branding';

/**
 * A technician's branding (Professional) at the top of a customer-facing document: a band in
 * their accent colour, with the text colour the server chose for contrast (WCAG AA).
 */
export function BrandHeader({ branding, children }: { branding: Branding; children?: ReactNode }) {
  return (
    <div
      data-testid="brand-header"
      className="flex flex-wrap items-center gap-4 rounded-lg px-5 py-4 print:rounded-none"
      style={{ backgroundColor: branding.accentColor, color: branding.accentTextColor }}
    >
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt={branding.businessName ? `${branding.businessName} logo` : 'Logo'}
          className="h-12 max-w-48 rounded bg-white/90 object-contain p-1"
        />
      )}
      <div className="min-w-0">
        {branding.businessName && (
          <p className="text-xl font-bold break-words">{branding.businessName}</p>
        )}
        {children}
      </div>
    </div>
  );
}

/** The technician's footer text under a document, with a rule in the accent colour. */
export function BrandFooter({ branding }: { branding: Branding }) {
  if (!branding.footerText) return null;
  return (
    <p
      data-testid="brand-footer"
      className="border-t-4 pt-3 text-sm whitespace-pre-line text-slate-700"
      style={{ borderColor: branding.accentColor }}
    >
      {branding.footerText}
    </p>
  );
}
