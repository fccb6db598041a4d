import { SERVICE_TYPES } from '@shared/constants/service-types';
import { FieldError } from '../../../components/ui/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { invalidProps } from '../../../lib/form-errors';
import type { ProfileSectionProps } from '../profile-form';

export function SpecialtiesCard({ form: f, set, errors }: ProfileSectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Specialties and Certifications</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Specialties</legend>
          <div className="grid grid-cols-2 gap-2">
            {SERVICE_TYPES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-6 shrink-0 accent-primary sm:size-5"
                  checked={f.specialties.includes(s)}
                  onChange={(e) =>
                    set({
                      specialties: e.target.checked
                        ? [...f.specialties, s]
                        : f.specialties.filter((x) => x !== s),
                    })
                  }
                />
                {s}
              </label>
            ))}
          </div>
          <FieldError id="p-specialties-error" message={errors.specialties} />
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor="p-certs">Certifications (comma separated)</Label>
          <Input
            id="p-certs"
            value={f.certifications}
            onChange={(e) => set({ certifications: e.target.value })}
            {...invalidProps('p-certs', errors.certifications)}
          />
          <FieldError id="p-certs-error" message={errors.certifications} />
        </div>
      </CardContent>
    </Card>
  );
}
