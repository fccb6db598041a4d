import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DownloadPdfLink } from '../components/download-pdf-link';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useReceipt } from '../features/pos/api/get-receipt';
import { ReceiptDocument } from '../features/pos/components/receipt-document';
import { errorMessage } from '../lib/api-client';
import { PATHS } from '@shared/paths';

/**
 * A printable receipt for one point-of-sale payment, with its PDF. A failed attempt shows what
 * happened, with nothing to print or download: it is no receipt.
 */
export default function PosReceipt() {
  const { id } = useParams();
  const receipt = useReceipt(id);
  if (receipt.isLoading)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  if (receipt.isError)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold">Receipt Not Available</h1>
        <p className="mt-2 text-slate-600">{errorMessage(receipt.error, 'Receipt not found')}</p>
      </div>
    );
  const { payment } = receipt.data!;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap justify-between gap-2 print:hidden">
        <Button variant="outline" asChild>
          <Link to={PATHS.posSystem}>Back to POS</Link>
        </Button>
        {/* Only a payment that went through is a receipt to print or download. */}
        {payment.status === 'succeeded' && (
          <div className="flex flex-wrap gap-2">
            <DownloadPdfLink
              kind="receipt"
              id={payment.id}
              number={payment.receiptNumber ?? ''}
              className="h-10"
            />
            <Button onClick={() => window.print()}>
              <Printer className="mr-2 h-4 w-4" aria-hidden="true" /> Print
            </Button>
          </div>
        )}
      </div>
      <ReceiptDocument receipt={receipt.data!} />
    </div>
  );
}
