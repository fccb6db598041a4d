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
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useServiceRequestMove } from '../../api/move-service-request';
import { TextDialogField, useTextDialog } from './text-dialog';

const MAX = 500;

/**
 * The technician gives the job back before leaving: a reason is required, and the request goes
 * back to dispatch without them.
 */
export function CancelServiceRequestDialog({ reference }: { reference: string }) {
  const dialog = useTextDialog('cancel-reason');
  const navigate = useNavigate();
  // The job is no longer theirs: back to the list (even though this dialog is gone by then).
  const move = useServiceRequestMove({ reference }, () => {
    notify({
      title: 'Job canceled',
      description: 'It goes back to dispatch; other technicians are notified.',
    });
    void navigate(PATHS.myJobs);
  });

  const submit = () => {
    const text = dialog.text.trim();
    if (!text) return dialog.invalid('Please give a reason');
    dialog.setError(undefined);
    move.mutate(
      { move: 'cancel', reason: text },
      {
        onSuccess: dialog.done,
        onError: (err) =>
          dialog.setError(errorMessage(err, 'Failed to cancel the job. Please try again.')),
      },
    );
  };

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
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
        <TextDialogField label="Reason *" rows={3} maxLength={MAX} dialog={dialog} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={dialog.close}>
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
