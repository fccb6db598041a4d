import { APPLICATION_SPECIALTIES } from '@shared/constants/service-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import type { ApplicationFormState } from '../use-application-form';

export function ProfessionalInfoCard({
  form,
  setForm,
  input,
  errors,
}: Pick<ApplicationFormState, 'form' | 'setForm' | 'input' | 'errors'>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Professional Information</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="join-yearsExperience">Years of Experience *</Label>
          <Input type="number" min={0} {...input('yearsExperience')} />
          <FieldError message={errors.yearsExperience} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="join-hourlyRate">Hourly Rate ($) *</Label>
          <Input type="number" min={10} step={0.01} {...input('hourlyRate')} />
          <FieldError message={errors.hourlyRate} />
        </div>
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium">Specialties *</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {APPLICATION_SPECIALTIES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-6 shrink-0 accent-primary sm:size-5"
                  checked={form.specialties.includes(s)}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      specialties: e.target.checked
                        ? [...form.specialties, s]
                        : form.specialties.filter((x) => x !== s),
                    })
                  }
                />
                {s}
              </label>
            ))}
          </div>
          <FieldError message={errors.specialties} />
        </fieldset>
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="join-bio">Bio *</Label>
          <Textarea
            rows={4}
            placeholder="Tell customers about your experience (at least 50 characters)"
            {...input('bio')}
          />
          <FieldError message={errors.bio} />
        </div>
      </CardContent>
    </Card>
  );
}
