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
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useEmailQuote } from '../api/email-quote';
import { useSendQuote } from '../api/send-quote';

/** A quote the server has (offline ones are e-mailed once synced). */
type EmailedQuote = {
  id: number;
  customerName: string;
  customerEmail: string | null;
  status: 'draft' | 'sent' | 'approved';
};

/** What the action is called: a draft is sent, a sent quote resent (same link), else copied. */
export const sendLabel = (status: EmailedQuote['status']) =>
  status === 'draft'
    ? 'Send to customer'
    : status === 'sent'
      ? 'Resend to customer'
      : 'Email Quote';

export function EmailQuoteDialog({
  quote,
  onClose,
}: {
  quote: EmailedQuote | null;
  onClose: () => void;
}) {
  const copy = useEmailQuote();
  const transition = useSendQuote();
  const [email, setEmail] = useState('');
  const to = email || quote?.customerEmail || '';
  const label = quote ? sendLabel(quote.status) : 'Email Quote';
  const pending = copy.isPending || transition.isPending;
  const error = useFormError();
  const close = () => {
    setEmail('');
    error.clear();
    onClose();
  };
  const done = (title: string, description: string) => {
    notify({ title, description });
    close();
  };
  // The server's reason (a limit, a bad address) stays by the button until the next attempt.
  const failed = (err: unknown) =>
    error.report(
      null,
      reportActionError(
        err,
        'Email Failed',
        'Failed to send quote email. Please check email configuration.',
      ),
    );
  const submit = () => {
    if (!quote) return;
    error.clear();
    if (quote.status === 'approved')
      return copy.mutate(
        { quoteId: quote.id, customerEmail: to, customerName: quote.customerName },
        { onSuccess: () => done('Quote Emailed', `Sent to ${to}`), onError: failed },
      );
    transition.mutate(
      { id: quote.id, customerEmail: to, customerName: quote.customerName },
      {
        onSuccess: (r) =>
          done(
            r.resent ? 'Quote sent again' : 'Quote sent',
            r.resent
              ? `The same link went to ${to} again.`
              : `Sent to ${to}: the quote now reads as sent.`,
          ),
        onError: failed,
      },
    );
  };
  return (
    <Dialog
      open={quote !== null}
      onOpenChange={(o) => {
        if (!o) close();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            {quote?.status === 'sent'
              ? 'This quote was already sent: the customer gets the same link again (the one they have keeps working).'
              : 'The customer gets the quote and a link to review and sign it on their own device.'}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="eq-email">Customer Email</Label>
          <Input id="eq-email" type="email" value={to} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <FormError id={error.id} message={error.message} />
        <div className="flex justify-end gap-2">
          <Button disabled={!to || pending} onClick={submit} aria-describedby={error.describedBy}>
            {pending ? 'Sending...' : label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
