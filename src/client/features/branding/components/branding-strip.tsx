import { BrandHeader } from '../../../components/brand-header';
import { useOwnBranding } from '../api/get-own-branding';

/** On the point of sale: the branding the technician's quotes, invoices and receipts carry. */
export function BrandingStrip() {
  const branding = useOwnBranding().data?.shown;
  if (!branding) return null;
  return (
    <div className="mb-4">
      <BrandHeader branding={branding}>
        <p className="text-sm">Your quotes, invoices and receipts carry this branding.</p>
      </BrandHeader>
    </div>
  );
}
