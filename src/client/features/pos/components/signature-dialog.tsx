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
import { notifyOutcome, usePosChange } from '../offline/use-pos-change';
import { refOf, type QuoteView } from '../offline/views';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/**
 * The customer signs a draft quote on the technician's device; offline the signature waits on
 * the device with the quote (ADR 013).
 */
export function SignatureDialog({
  quote,
  onClose,
}: {
  quote: QuoteView | null;
  onClose: () => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const approve = usePosChange('quote.sign');
  const [hasInk, setHasInk] = useState(false);
  return (
    <Dialog open={quote !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Customer Signature</DialogTitle>
          <DialogDescription>
            {quote &&
              `${quote.customerName} approves ${quote.quoteNumber ?? 'this quote'} for $${quote.totalAmount}.`}
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
                { quote: refOf(quote), signature },
                {
                  onSuccess: (outcome) => {
                    const ok = notifyOutcome(outcome, 'The signature', (q: Quote) => ({
                      title: 'Quote Approved',
                      description: q.quoteNumber,
                    }));
                    if (!ok) return;
                    setHasInk(false);
                    onClose();
                  },
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
