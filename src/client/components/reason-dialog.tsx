import { useId, useState } from 'react';
import { focusFirstError } from '../lib/focus-first-error';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FieldError } from './ui/form';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

const MAX_REASON = 1000;

/**
 * Asks for a required reason, then calls `onConfirm` with it (reporting a review, hiding one).
 * `error` is the server's answer to show under the form.
 */
export function ReasonDialog({
  open,
  title,
  description,
  label = 'Reason',
  confirmLabel,
  missing,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: string;
  label?: string;
  confirmLabel: string;
  /** The message when the reason is empty. */
  missing: string;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const close = () => {
    setReason('');
    setProblem('');
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const r = reason.trim();
            const p = !r
              ? missing
              : r.length > MAX_REASON
                ? `The reason must be at most ${MAX_REASON} characters`
                : '';
            setProblem(p);
            if (p) return focusFirstError(e.currentTarget);
            onConfirm(r);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-reason`}>{label}</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={MAX_REASON}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem('');
              }}
            />
            <FieldError id={`${id}-reason-error`} message={problem} />
          </div>
          <FieldError message={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Go back
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Sending...' : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
