import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_DIALOG_DISTANCE, DIALOG_DISTANCES } from '@shared/constants/locations';
import { PlaceField } from '../../../components/place-field';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { PATHS } from '@shared/paths';
import { setPlaceParam } from '../../../lib/places';

const PREFILL_KEYS = [
  'serviceType',
  'location',
  'vehicleYear',
  'vehicleMake',
  'vehicleModel',
] as const;

/** The home page's search card: lists technicians, or opens Request Service prefilled. */
export function QuickSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState({
    serviceType: '',
    location: '',
    distance: String(DEFAULT_DIALOG_DISTANCE),
    vehicleYear: '',
    vehicleMake: '',
    vehicleModel: '',
  });

  const params = () => {
    const p = new URLSearchParams();
    for (const k of PREFILL_KEYS) if (q[k].trim()) p.set(k, q[k].trim());
    return p;
  };
  const findMechanics = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams();
    if (q.serviceType) p.set('serviceType', q.serviceType);
    // A named town, a ZIP code, or an address / 'City, ST' (near=).
    if (setPlaceParam(p, q.location)) p.set('maxDistance', q.distance);
    navigate(`${PATHS.technicians}?${p}`);
  };

  return (
    <Card className="text-slate-900">
      <CardHeader>
        <CardTitle>Quick Search</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={findMechanics}>
          <div className="space-y-1.5">
            <Label htmlFor="qs-service">Service Type</Label>
            <ServiceTypeSelect
              id="qs-service"
              value={q.serviceType}
              onChange={(e) => setQ({ ...q, serviceType: e.target.value })}
              placeholder="Any service"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="qs-location">Location</Label>
            <PlaceField
              id="qs-location"
              value={q.location}
              onValueChange={(location) => setQ((prev) => ({ ...prev, location }))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="qs-distance">Distance</Label>
            <Select
              id="qs-distance"
              value={q.distance}
              onChange={(e) => setQ({ ...q, distance: e.target.value })}
            >
              {DIALOG_DISTANCES.map((d) => (
                <option key={d} value={d}>
                  {d} miles
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="qs-year">Vehicle Year</Label>
            <Input
              id="qs-year"
              inputMode="numeric"
              placeholder="e.g. 2018"
              value={q.vehicleYear}
              onChange={(e) => setQ({ ...q, vehicleYear: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="qs-make">Vehicle Make</Label>
            <Input
              id="qs-make"
              placeholder="e.g. Honda"
              value={q.vehicleMake}
              onChange={(e) => setQ({ ...q, vehicleMake: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="qs-model">Vehicle Model</Label>
            <Input
              id="qs-model"
              placeholder="e.g. Civic"
              value={q.vehicleModel}
              onChange={(e) => setQ({ ...q, vehicleModel: e.target.value })}
            />
          </div>
          <Button type="submit" className="sm:col-span-1">
            Find Mechanics
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigate(`${PATHS.requestService}${params().size ? `?${params()}` : ''}`)
            }
          >
            Request Service
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
