import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { FieldError } from '../../../../components/ui/form';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useMessageCustomer } from '../api/message-customer';

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
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMessageCustomer(reference);
  const field = useRef<HTMLTextAreaElement>(null);
  const invalid = (message: string) => {
    setError(message);
    field.current?.focus();
  };

  const submit = () => {
    const text = message.trim();
    if (!text) return invalid('Please write a message');
    if (text.length > MAX) return invalid(`Message must be at most ${MAX} characters`);
    setError(undefined);
    send.mutate(
      { message: text },
      {
        onSuccess: () => {
          notify({ title: 'Message sent', description: `${customerName} will get it by e-mail.` });
          setMessage('');
          setOpen(false);
        },
        onError: (err) =>
          setError(errorMessage(err, 'Failed to send the message. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(undefined);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Email customer</DialogTitle>
          <DialogDescription>
            {customerName} gets your message by e-mail from the platform, about job {reference}.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="job-message">Message</Label>
          <Textarea
            ref={field}
            id="job-message"
            rows={5}
            value={message}
            maxLength={MAX}
            aria-invalid={!!error}
            aria-describedby={error ? 'job-message-error' : undefined}
            onChange={(e) => setMessage(e.target.value)}
          />
          <FieldError id="job-message-error" message={error} />
        </div>
        <Button onClick={submit} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
