import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '@shared/paths';
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
import { useServiceRequestMove } from '../../api/move-service-request';

const MAX = 500;

/**
 * The technician gives the job back before leaving: a reason is required, and the request goes
 * back to dispatch without them.
 */
export function CancelServiceRequestDialog({ reference }: { reference: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const navigate = useNavigate();
  // The job is no longer theirs: back to the list (even though this dialog is gone by then).
  const move = useServiceRequestMove({ reference }, () => {
    notify({
      title: 'Job canceled',
      description: 'It goes back to dispatch; other technicians are notified.',
    });
    void navigate(PATHS.myJobs);
  });

  const field = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    const text = reason.trim();
    if (!text) {
      field.current?.focus();
      return setError('Please give a reason');
    }
    setError(undefined);
    move.mutate(
      { move: 'cancel', reason: text },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
        },
        onError: (err) =>
          setError(errorMessage(err, 'Failed to cancel the job. Please try again.')),
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
      <DialogTrigger asChild>
        <Button size="lg" variant="outline">
          Cancel
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this job?</DialogTitle>
          <DialogDescription>
            The request goes back to dispatch and other technicians are notified; the customer is
            told. Please say why.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="cancel-reason">Reason *</Label>
          <Textarea
            ref={field}
            id="cancel-reason"
            rows={3}
            maxLength={MAX}
            value={reason}
            aria-invalid={!!error}
            aria-describedby={error ? 'cancel-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id="cancel-reason-error" message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep job
          </Button>
          <Button variant="destructive" onClick={submit} disabled={move.isPending}>
            {move.isPending ? 'Canceling...' : 'Cancel job'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
