import { formatCount } from '../../../lib/dates';
import { Pencil, Trash2 } from 'lucide-react';
import type { Vehicle } from '@shared/schemas/vehicles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { VehicleHistory } from './vehicle-history';

/** One vehicle: its details, edit and delete, and its service history. */
export function VehicleCard({
  vehicle,
  onEdit,
  onDelete,
}: {
  vehicle: Vehicle;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card role="region" aria-labelledby={`vehicle-${vehicle.id}-title`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div>
          <CardTitle id={`vehicle-${vehicle.id}-title`}>{vehicle.label}</CardTitle>
          <dl className="mt-1 space-y-0.5 text-sm text-slate-600">
            {vehicle.vin && (
              <div>
                <dt className="inline">VIN: </dt>
                <dd className="inline font-mono">{vehicle.vin}</dd>
              </div>
            )}
            {vehicle.mileage !== null && (
              <div>
                <dt className="inline">Mileage: </dt>
                <dd className="inline">{formatCount(vehicle.mileage)} miles</dd>
              </div>
            )}
          </dl>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${vehicle.label}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete ${vehicle.label}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Service History</h3>
        <VehicleHistory vehicleId={vehicle.id} />
      </CardContent>
    </Card>
  );
}
