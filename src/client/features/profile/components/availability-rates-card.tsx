import { groupThousands } from '@shared/money';
import {
  MAX_WARRANTY_MILES,
  MAX_WARRANTY_MONTHS,
  WARRANTY_MILES,
  WARRANTY_MONTHS,
} from '@shared/schemas/warranty';
import { FieldError } from '../../../components/ui/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { invalidProps } from '../../../lib/form-errors';
import type { ProfileSectionProps } from '../profile-form';

export function AvailabilityRatesCard({ form: f, set, errors }: ProfileSectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Availability and Rates</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-6 shrink-0 accent-primary sm:size-5"
            checked={f.isAvailable}
            onChange={(e) => set({ isAvailable: e.target.checked })}
          />
          Available for new jobs
        </label>
        <div className="space-y-1.5">
          <Label htmlFor="p-rate">Hourly Rate ($)</Label>
          <Input
            id="p-rate"
            type="number"
            min={10}
            step={0.01}
            value={f.hourlyRate}
            onChange={(e) => set({ hourlyRate: e.target.value })}
            {...invalidProps('p-rate', errors.hourlyRate)}
          />
          <FieldError id="p-rate-error" message={errors.hourlyRate} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="p-years">Years of Experience</Label>
          <Input
            id="p-years"
            type="number"
            min={0}
            value={f.yearsExperience}
            onChange={(e) => set({ yearsExperience: e.target.value })}
            {...invalidProps('p-years', errors.yearsExperience)}
          />
          <FieldError id="p-years-error" message={errors.yearsExperience} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="p-phone">Phone</Label>
          <Input
            id="p-phone"
            type="tel"
            value={f.phone}
            onChange={(e) => set({ phone: e.target.value })}
            {...invalidProps('p-phone', errors.phone)}
          />
          <FieldError id="p-phone-error" message={errors.phone} />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Workmanship warranty</legend>
          <p className="text-sm text-slate-600">
            Every job carries at least {WARRANTY_MONTHS} months or {groupThousands(WARRANTY_MILES)}{' '}
            miles. Offer more here: new quotes state it.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="p-warranty-months">Warranty (months)</Label>
              <Input
                id="p-warranty-months"
                type="number"
                min={WARRANTY_MONTHS}
                max={MAX_WARRANTY_MONTHS}
                value={f.warrantyMonths}
                onChange={(e) => set({ warrantyMonths: e.target.value })}
                {...invalidProps('p-warranty-months', errors.warrantyMonths)}
              />
              <FieldError id="p-warranty-months-error" message={errors.warrantyMonths} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="p-warranty-miles">Warranty (miles)</Label>
              <Input
                id="p-warranty-miles"
                type="number"
                min={WARRANTY_MILES}
                max={MAX_WARRANTY_MILES}
                step={1000}
                value={f.warrantyMiles}
                onChange={(e) => set({ warrantyMiles: e.target.value })}
                {...invalidProps('p-warranty-miles', errors.warrantyMiles)}
              />
              <FieldError id="p-warranty-miles-error" message={errors.warrantyMiles} />
            </div>
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
