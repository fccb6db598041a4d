import { useRef, useState } from 'react';
import type { Quote } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useApproveQuote } from '../api';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/** The customer signs a draft quote on the technician's device. */
export function SignatureDialog({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const approve = useApproveQuote();
  const [hasInk, setHasInk] = useState(false);
  return (
    <Dialog open={quote !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Customer Signature</DialogTitle>
          <DialogDescription>
            {quote &&
              `${quote.customerName} approves ${quote.quoteNumber} for $${quote.totalAmount}.`}
          </DialogDescription>
        </DialogHeader>
        <SignaturePad ref={pad} onChange={setHasInk} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!hasInk || approve.isPending}
            onClick={() => {
              const signature = pad.current?.toDataUrl();
              if (!quote || !signature) return;
              approve.mutate(
                { id: quote.id, signature },
                {
                  onSuccess: () => {
                    notify({ title: 'Quote Approved', description: quote.quoteNumber });
                    setHasInk(false);
                    onClose();
                  },
                  onError: (err) =>
                    notify({
                      title: 'Error',
                      description: errorMessage(err, 'Failed to approve quote. Please try again.'),
                      variant: 'destructive',
                    }),
                },
              );
            }}
          >
            {approve.isPending ? 'Approving...' : 'Approve Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
