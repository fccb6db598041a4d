import { useState } from 'react';
import type { Vehicle } from '@shared/schemas/vehicles';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteVehicle } from '../api/delete-vehicle';

/** Asks before deleting `vehicle`; its past requests keep the vehicle's name. */
export function DeleteVehicleDialog({
  vehicle,
  onClose,
}: {
  vehicle: Vehicle | null;
  onClose: () => void;
}) {
  const remove = useDeleteVehicle();
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onClose();
  };
  return (
    <Dialog open={vehicle !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {vehicle?.label}?</DialogTitle>
          <DialogDescription>
            It will no longer be offered on the request form. Its past service requests keep the
            vehicle&apos;s name.
          </DialogDescription>
        </DialogHeader>
        <FieldError message={error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              vehicle &&
              remove.mutate(vehicle.id, {
                onSuccess: () => {
                  notify({ title: 'Vehicle deleted', description: vehicle.label });
                  close();
                },
                onError: (err) => setError(errorMessage(err, 'Could not delete the vehicle.')),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete Vehicle'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
