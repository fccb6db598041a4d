import { LocationSelect } from '../../../components/location-select';
import { FieldError } from '../../../components/ui/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { invalidProps } from '../../../lib/form-errors';
import type { ProfileSectionProps } from '../profile-form';

/** Base location (a named location or a ZIP code) and service radius. */
export function ServiceAreaCard({
  form: f,
  set,
  errors,
  currentLocation,
}: ProfileSectionProps & { currentLocation: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Service Area</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="p-basekind">Base location by</Label>
          <Select
            id="p-basekind"
            value={f.baseKind}
            onChange={(e) => set({ baseKind: e.target.value as 'location' | 'zip' })}
          >
            <option value="location">Named location</option>
            <option value="zip">ZIP code</option>
          </Select>
        </div>
        {f.baseKind === 'location' ? (
          <div className="space-y-1.5">
            <Label htmlFor="p-location">Base Location</Label>
            <LocationSelect
              id="p-location"
              value={f.location}
              onChange={(e) => set({ location: e.target.value })}
              placeholder="Select a location"
              {...invalidProps('p-location', errors.location)}
            />
            <FieldError id="p-location-error" message={errors.location} />
          </div>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor="p-zip">Base ZIP Code</Label>
            <Input
              id="p-zip"
              inputMode="numeric"
              maxLength={5}
              value={f.zipCode}
              onChange={(e) => set({ zipCode: e.target.value })}
              {...invalidProps('p-zip', errors.zipCode)}
            />
            <FieldError id="p-zip-error" message={errors.zipCode} />
          </div>
        )}
        <p className="text-sm text-slate-600">Currently based in {currentLocation}.</p>
        <div className="space-y-1.5">
          <Label htmlFor="p-radius">Service Radius (miles)</Label>
          <Input
            id="p-radius"
            type="number"
            min={1}
            max={100}
            value={f.serviceRadiusMiles}
            onChange={(e) => set({ serviceRadiusMiles: e.target.value })}
            {...invalidProps('p-radius', errors.serviceRadiusMiles)}
          />
          <FieldError id="p-radius-error" message={errors.serviceRadiusMiles} />
        </div>
      </CardContent>
    </Card>
  );
}
