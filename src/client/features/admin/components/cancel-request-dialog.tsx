import { useState } from 'react';
import { focusFirstError } from '../../../lib/focus-first-error';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

/** Confirms an admin's cancel and asks why (required: the customer and technician read it). */
export function CancelRequestDialog({
  open,
  reference,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  reference: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setReason('');
    setError('');
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel {reference}?</DialogTitle>
          <DialogDescription>
            The customer and the technician are told. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const r = reason.trim();
            const problem = !r
              ? 'Please give a reason'
              : r.length > 500
                ? 'Reason must be at most 500 characters'
                : '';
            if (problem) {
              setError(problem);
              return focusFirstError(e.currentTarget);
            }
            onConfirm(r);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor="cancel-reason">Reason</Label>
            <Textarea
              id="cancel-reason"
              value={reason}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'cancel-reason-error' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError('');
              }}
            />
            {error && (
              <p id="cancel-reason-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Go back
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              Cancel request
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
