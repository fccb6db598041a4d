import { useState, type FormEvent } from 'react';
import { vinProblem, type Vehicle } from '@shared/schemas/vehicles';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDecodedVin } from '../../../lib/api/decode-vin';
import { notify } from '../../../lib/toast';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import {
  blankVehicleDraft,
  checkVehicleDraft,
  draftOf,
  serverVehicleErrors,
  type VehicleDraft,
  type VehicleDraftErrors,
} from '../vehicle-form';

/** Add a vehicle, or edit `vehicle`; errors show under their fields. */
export function VehicleFormDialog({
  open,
  vehicle,
  onClose,
}: {
  open: boolean;
  vehicle?: Vehicle;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{vehicle ? 'Edit Vehicle' : 'Add Vehicle'}</DialogTitle>
          <DialogDescription>
            Pick it on the request form; its completed services are kept here.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so each opening starts from the vehicle (or blank). */}
        {open && <VehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle?: Vehicle; onDone: () => void }) {
  const [d, setD] = useState<VehicleDraft>(vehicle ? draftOf(vehicle) : blankVehicleDraft);
  const [errors, setErrors] = useState<VehicleDraftErrors>({});
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const pending = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkVehicleDraft(d);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const options = {
      onSuccess: (v: Vehicle) => {
        notify({ title: vehicle ? 'Vehicle updated' : 'Vehicle added', description: v.label });
        onDone();
      },
      onError: (err: unknown) => setErrors(serverVehicleErrors(err)),
    };
    if (vehicle) update.mutate({ id: vehicle.id, ...checked.body }, options);
    else create.mutate(checked.body, options);
  };

  const field = (key: keyof VehicleDraft) => ({
    id: `vehicle-${key}`,
    value: d[key],
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `vehicle-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setD({ ...d, [key]: e.target.value }),
  });
  const err = (key: keyof VehicleDraft) => (
    <FieldError id={`vehicle-${key}-error`} message={errors[key]} />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-1.5">
          <Label htmlFor="vehicle-year">Year *</Label>
          <Input {...field('year')} inputMode="numeric" maxLength={4} />
          {err('year')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="vehicle-mileage">Mileage</Label>
          <Input {...field('mileage')} inputMode="numeric" />
          {err('mileage')}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="vehicle-make">Make *</Label>
        <Input {...field('make')} maxLength={60} placeholder="e.g. Honda" />
        {err('make')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="vehicle-model">Model *</Label>
        <Input {...field('model')} maxLength={60} placeholder="e.g. Civic" />
        {err('model')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="vehicle-vin">VIN</Label>
        <Input
          {...field('vin')}
          maxLength={17}
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
        />
        {err('vin')}
        <VinFill
          vin={d.vin}
          year={d.year}
          make={d.make}
          onFill={(p) => setD((cur) => ({ ...cur, ...p }))}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <FormError id="vehicle-form-error" message={errors.form} />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={pending}
          aria-describedby={errors.form ? 'vehicle-form-error' : undefined}
        >
          {pending ? 'Saving...' : vehicle ? 'Save Changes' : 'Add Vehicle'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Once a whole VIN is typed, offers the make and model year it decodes to (the VIN decoder
 * tool's endpoint). Shown only when the VIN says something the form does not hold yet.
 */
function VinFill({
  vin,
  year,
  make,
  onFill,
}: {
  vin: string;
  year: string;
  make: string;
  onFill: (patch: Partial<VehicleDraft>) => void;
}) {
  const v = vin.trim().toUpperCase();
  // A wrong check digit already shows under the field; decode only a VIN that checks out.
  const ready = v.length === 17 && vinProblem(v) === null;
  const decoded = useDecodedVin(ready ? v : null);
  const data = ready ? decoded.data : undefined;
  if (!data) return null;
  const patch: Partial<VehicleDraft> = {};
  if (data.modelYear !== null && String(data.modelYear) !== year.trim())
    patch.year = String(data.modelYear);
  if (data.manufacturer && data.manufacturer.toLowerCase() !== make.trim().toLowerCase())
    patch.make = data.manufacturer;
  if (!patch.year && !patch.make) return null;
  const what = [data.modelYear, data.manufacturer].filter(Boolean).join(' ');
  return (
    <div
      className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-blue-50 p-2 text-sm text-slate-700"
      data-testid="vin-fill"
    >
      <span>This VIN is a {what}.</span>
      <Button type="button" size="sm" variant="outline" onClick={() => onFill(patch)}>
        Fill {patch.year && patch.make ? 'make and year' : patch.make ? 'make' : 'year'}
      </Button>
    </div>
  );
}
