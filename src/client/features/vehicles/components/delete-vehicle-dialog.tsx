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
import { FormError } from '../../../components/ui/form-error';
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
        <div className="flex flex-wrap items-center justify-end gap-2">
          <FormError id="delete-vehicle-error" message={error} />
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            aria-describedby={error ? 'delete-vehicle-error' : undefined}
            onClick={() => {
              if (!vehicle) return;
              setError(undefined);
              remove.mutate(vehicle.id, {
                onSuccess: () => {
                  notify({ title: 'Vehicle deleted', description: vehicle.label });
                  close();
                },
                onError: (err) => setError(errorMessage(err, 'Could not delete the vehicle.')),
              });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Vehicle'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
