import { useState } from 'react';
import { SERVICE_REQUEST_MOVE_LABELS } from '@shared/service-request-rules';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { FieldError } from '../../../../components/ui/form';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useServiceRequestMove } from '../../api/move-service-request';

/** Confirms the 'complete' move of an in-progress job. */
export function CompleteServiceRequestDialog({
  reference,
  open,
  onOpenChange,
  title,
  description,
}: {
  reference: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
}) {
  const move = useServiceRequestMove({ reference }, () =>
    notify({ title: 'Job completed', description: `${reference} is done. Thank you!` }),
  );
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setError(undefined);
    onOpenChange(false);
  };
  const complete = () =>
    move.mutate(
      { move: 'complete' },
      {
        onSuccess: close,
        onError: (err) =>
          setError(errorMessage(err, 'Failed to update the job. Please try again.')),
      },
    );

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FieldError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Not now
          </Button>
          <Button onClick={complete} disabled={move.isPending}>
            {move.isPending ? 'Saving...' : SERVICE_REQUEST_MOVE_LABELS.complete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
