import { useId, useState } from 'react';
import { focusFirstError } from '../lib/focus-first-error';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FieldError } from './ui/form';
import { FormError } from './ui/form-error';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

/**
 * Asks for a required reason, then calls `onConfirm` with it (reporting a review, hiding one,
 * an admin canceling a request). `error` is the server's answer, shown by the confirm button
 * until the next attempt.
 */
export function ReasonDialog({
  open,
  title,
  description,
  label = 'Reason',
  confirmLabel,
  pendingLabel = 'Sending...',
  destructive = false,
  maxLength = 1000,
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
  /** The confirm button's text while the answer is awaited. */
  pendingLabel?: string;
  /** The confirm button looks dangerous (the action cannot be undone). */
  destructive?: boolean;
  /** The longest reason the server takes. */
  maxLength?: number;
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
              : r.length > maxLength
                ? `The reason must be at most ${maxLength} characters`
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
              maxLength={maxLength}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem('');
              }}
            />
            <FieldError id={`${id}-reason-error`} message={problem} />
          </div>
          <FormError id={`${id}-error`} message={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Go back
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
