import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { notify } from '../../../lib/toast';
import { useEmailQuote } from '../api/email-quote';

/** A quote the server has (offline ones are e-mailed once synced). */
type EmailedQuote = { id: number; customerName: string; customerEmail: string | null };

export function EmailQuoteDialog({
  quote,
  onClose,
}: {
  quote: EmailedQuote | null;
  onClose: () => void;
}) {
  const send = useEmailQuote();
  const [email, setEmail] = useState('');
  const to = email || quote?.customerEmail || '';
  return (
    <Dialog
      open={quote !== null}
      onOpenChange={(o) => {
        if (!o) {
          setEmail('');
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Email Quote</DialogTitle>
          <DialogDescription>
            The customer gets the quote and a link to review and sign it on their own device.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="eq-email">Customer Email</Label>
          <Input id="eq-email" type="email" value={to} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button
            disabled={!to || send.isPending}
            onClick={() =>
              quote &&
              send.mutate(
                { quoteId: quote.id, customerEmail: to, customerName: quote.customerName },
                {
                  onSuccess: () => {
                    notify({ title: 'Quote Emailed', description: `Sent to ${to}` });
                    setEmail('');
                    onClose();
                  },
                  onError: () =>
                    notify({
                      title: 'Email Failed',
                      description: 'Failed to send quote email. Please check email configuration.',
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {send.isPending ? 'Sending...' : 'Send Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
