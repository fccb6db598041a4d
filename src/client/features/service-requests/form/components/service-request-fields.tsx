import type { ServiceType } from '@shared/constants/service-types';
import { PriceEstimateNote } from './price-estimate-note';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { URGENCIES, URGENCY_LABELS } from '@shared/constants/service-types';
import { PATHS } from '@shared/paths';
import type { Vehicle } from '@shared/schemas/vehicles';
import { PlaceField } from '../../../../components/place-field';
import { ServiceTypeSelect } from '../../../../components/service-type-select';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { todayLocal, type RequestForm } from '../service-request-form';

/** The props binding one input to its form field (id `rs-<key>`, error `rs-<key>-error`). */
export type FieldProps = {
  id: string;
  value: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  onChange: (e: { target: { value: string } }) => void;
};

/** 'Text me updates about this request': consent to texts to the phone above. */
function TextUpdatesBox({ id, value, onChange }: FieldProps) {
  return (
    <div className="flex items-start gap-2 pt-1">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-4 w-4"
        checked={value === 'on'}
        onChange={(e) => onChange({ target: { value: e.target.checked ? 'on' : '' } })}
      />
      <Label htmlFor={id} className="text-sm font-normal">
        Text me updates about this request
        <span className="block text-xs text-muted-foreground">
          When a technician proposes a time, is on the way, or sends an invoice. Stop any time on
          your request page.
        </span>
      </Label>
    </div>
  );
}

/**
 * The Request Service form's inputs; `field` binds one, `err` shows its inline error. A
 * signed-in customer with saved `vehicles` picks one (or 'Another vehicle' to type it).
 */
export function ServiceRequestFields({
  field,
  err,
  vehicles,
  pickVehicle,
  services,
}: {
  field: (key: keyof RequestForm) => FieldProps;
  err: (key: keyof RequestForm) => ReactNode;
  vehicles: Vehicle[];
  pickVehicle: (id: string) => void;
  /** The services offered (a request to one technician: theirs); every service by default. */
  services?: readonly ServiceType[];
}) {
  const picked = field('vehicleId').value !== '';
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor="rs-fullName">Full Name *</Label>
        <Input {...field('fullName')} autoComplete="name" />
        {err('fullName')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-email">Email *</Label>
        <Input {...field('email')} type="email" autoComplete="email" />
        {err('email')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-phone">Phone</Label>
        <Input {...field('phone')} type="tel" autoComplete="tel" />
        {err('phone')}
        <TextUpdatesBox {...field('textUpdates')} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-serviceType">Service Type *</Label>
        <ServiceTypeSelect
          {...field('serviceType')}
          only={services}
          placeholder="Select a service"
        />
        {err('serviceType')}
      </div>
      {vehicles.length > 0 && (
        <div className="space-y-1.5">
          <Label htmlFor="rs-vehicleId">Vehicle *</Label>
          <Select {...field('vehicleId')} onChange={(e) => pickVehicle(e.target.value)}>
            {vehicles.map((v) => (
              <option key={v.id} value={String(v.id)}>
                {v.label}
              </option>
            ))}
            <option value="">Another vehicle</option>
          </Select>
          {err('vehicleId')}
          <p className="text-xs text-slate-500">
            <Link to={PATHS.vehicles} className="underline">
              Manage your vehicles
            </Link>
          </p>
        </div>
      )}
      {!picked && (
        <>
          <div className="space-y-1.5">
            <Label htmlFor="rs-vehicleYear">Vehicle Year *</Label>
            <Input {...field('vehicleYear')} inputMode="numeric" />
            {err('vehicleYear')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rs-vehicleMake">Vehicle Make *</Label>
            <Input {...field('vehicleMake')} />
            {err('vehicleMake')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rs-vehicleModel">Vehicle Model *</Label>
            <Input {...field('vehicleModel')} />
            {err('vehicleModel')}
          </div>
        </>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="rs-mileage">Mileage</Label>
        <Input {...field('mileage')} inputMode="numeric" />
      </div>
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor="rs-description">Problem Description *</Label>
        <Textarea {...field('description')} placeholder="What is happening with your vehicle?" />
        {err('description')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-location">Location *</Label>
        <LocationField {...field('location')} />
        {err('location')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-urgency">Urgency</Label>
        <Select {...field('urgency')}>
          {URGENCIES.map((u) => (
            <option key={u} value={u}>
              {URGENCY_LABELS[u]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="rs-preferredDate">Preferred Date</Label>
        <Input {...field('preferredDate')} type="date" min={todayLocal()} />
        {err('preferredDate')}
      </div>
      <PriceEstimateNote
        serviceType={field('serviceType').value}
        location={field('location').value}
      />
    </>
  );
}

/** The location: a ZIP code, an address with its ZIP code or a town, or 'Use my location'. */
function LocationField({ onChange, ...props }: FieldProps) {
  return (
    <PlaceField
      {...props}
      autoComplete="postal-code"
      onValueChange={(value) => onChange({ target: { value } })}
    />
  );
}
