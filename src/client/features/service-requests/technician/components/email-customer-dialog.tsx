import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useMessageCustomer } from '../api/message-customer';
import { TextDialogField, useTextDialog } from './text-dialog';

const MAX = 2000;

/** The technician writes to the customer; the platform e-mails it (their address stays private). */
export function EmailCustomerDialog({
  reference,
  customerName,
  trigger,
}: {
  reference: string;
  customerName: string;
  trigger: ReactNode;
}) {
  const dialog = useTextDialog('job-message');
  const send = useMessageCustomer(reference);

  const submit = () => {
    const text = dialog.text.trim();
    if (!text) return dialog.invalid('Please write a message');
    if (text.length > MAX) return dialog.invalid(`Message must be at most ${MAX} characters`);
    dialog.setError(undefined);
    send.mutate(
      { message: text },
      {
        onSuccess: () => {
          notify({ title: 'Message sent', description: `${customerName} will get it by e-mail.` });
          dialog.done();
        },
        onError: (err) =>
          dialog.setError(errorMessage(err, 'Failed to send the message. Please try again.')),
      },
    );
  };

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Email customer</DialogTitle>
          <DialogDescription>
            {customerName} gets your message by e-mail from the platform, about job {reference}.
          </DialogDescription>
        </DialogHeader>
        <TextDialogField label="Message" rows={5} maxLength={MAX} dialog={dialog} />
        <Button onClick={submit} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
