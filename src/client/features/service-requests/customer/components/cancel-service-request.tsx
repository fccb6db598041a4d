import { CANCELLATION_POLICY, cancelsFree, FREE_CANCEL_HOURS } from '@shared/cancellation';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { notify } from '../../../../lib/toast';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { useServiceRequestMove } from '../../api/move-service-request';
import { FormError, reportActionError } from '../../../../components/ui/form-error';

/**
 * What canceling now costs, by the rules shown before booking: nothing, and a paid deposit
 * comes back in time; later, the technician may keep it.
 */
function cancelTerms(job: ServiceRequestDetail) {
  const paid = job.quotes.some((q) => q.deposit?.status === 'paid');
  const free = cancelsFree(job.window?.start ?? null, !!job.window?.confirmedAt, new Date());
  if (!paid) return CANCELLATION_POLICY;
  return free
    ? 'Canceling now is free: the deposit you paid is refunded in full.'
    : `Your arrival window is less than ${FREE_CANCEL_HOURS} hours away: your technician may keep the deposit you paid.`;
}

/** 'Cancel request' (when the customer may), behind a confirmation with an optional reason. */
export function CancelServiceRequest({
  job,
  req,
}: {
  job: ServiceRequestDetail;
  req: ServiceRequestRef;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useServiceRequestMove(req);
  if (!job.actions.includes('cancel')) return null;
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <Button variant="outline" className="w-full text-red-700" onClick={() => setOpen(true)}>
        Cancel request
      </Button>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel request {job.reference}?</DialogTitle>
            <DialogDescription>
              {job.technician
                ? `${job.technician.name} will be told that the job is canceled.`
                : 'Technicians will no longer be offered this request.'}{' '}
              This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm text-slate-700" data-testid="cancel-terms">
            {cancelTerms(job)}
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="cancel-reason">Reason (optional)</Label>
            <Textarea
              id="cancel-reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <FormError message={error} />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={close} disabled={move.isPending}>
              Keep request
            </Button>
            <Button
              variant="destructive"
              disabled={move.isPending}
              onClick={() => {
                setError(null);
                move.mutate(
                  { move: 'cancel', reason: reason.trim() || undefined },
                  {
                    onSuccess: () => {
                      notify({ title: 'Request canceled', description: job.reference });
                      close();
                    },
                    onError: (err) =>
                      setError(
                        reportActionError(err, 'Could not cancel the request', 'Please try again.'),
                      ),
                  },
                );
              }}
            >
              {move.isPending ? 'Canceling...' : 'Cancel request'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
