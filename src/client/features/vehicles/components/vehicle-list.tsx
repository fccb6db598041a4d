import { Car } from 'lucide-react';
import { useState } from 'react';
import type { Vehicle } from '@shared/schemas/vehicles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useVehicles } from '../api/list-vehicles';
import { DeleteVehicleDialog } from './delete-vehicle-dialog';
import { VehicleCard } from './vehicle-card';
import { VehicleFormDialog } from './vehicle-form-dialog';

/** The customer's vehicles with edit and delete; `onAdd` opens the add form. */
export function VehicleList({ onAdd }: { onAdd: () => void }) {
  const { data, isLoading, error } = useVehicles();
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  if (isLoading) return <Skeleton className="h-40" />;
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(error, 'Could not load your vehicles.')}
      </p>
    );
  const vehicles = data ?? [];
  return (
    <>
      {vehicles.length === 0 ? (
        <Card>
          <CardContent className="space-y-3 pt-6 text-center">
            <Car className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p className="font-semibold">No vehicles yet</p>
            <p className="text-sm text-slate-600">
              Add your vehicle once and pick it whenever you request service.
            </p>
            <Button onClick={onAdd}>Add Vehicle</Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {vehicles.map((v) => (
            <VehicleCard
              key={v.id}
              vehicle={v}
              onEdit={() => setEditing(v)}
              onDelete={() => setDeleting(v)}
            />
          ))}
        </div>
      )}
      <VehicleFormDialog
        open={editing !== null}
        vehicle={editing ?? undefined}
        onClose={() => setEditing(null)}
      />
      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
