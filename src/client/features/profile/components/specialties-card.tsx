import { Award, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import { PATHS } from '@shared/paths';
import type { OwnProfile } from '@shared/schemas/profile';
import { FieldError } from '../../../components/ui/form';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ProfileSectionProps } from '../profile-form';

/**
 * The specialties (edited here) and the certifications, which come from verified credentials
 * only: those still in review are marked, and are seen by the technician alone.
 */
export function SpecialtiesCard({
  form: f,
  set,
  errors,
  profile,
}: ProfileSectionProps & { profile: OwnProfile }) {
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
        <div className="space-y-1.5" data-testid="own-certifications">
          <p className="text-sm font-medium">Certifications</p>
          {profile.certifications.length + profile.pendingCertifications.length === 0 ? (
            <p className="text-sm text-slate-600">No verified certifications yet.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {profile.certifications.map((c) => (
                <li key={`v-${c}`} className="flex items-center gap-2">
                  <Award className="h-4 w-4 text-brand-600" aria-hidden="true" /> {c}
                </li>
              ))}
              {profile.pendingCertifications.map((c) => (
                <li key={`p-${c}`} className="flex flex-wrap items-center gap-2">
                  <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" /> {c}
                  <Badge variant="outline">Pending review</Badge>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-600">
            Your public profile shows only the certifications our admin team has verified; add one
            under{' '}
            <Link to={PATHS.technicianVerifications} className="text-blue-700 underline">
              My Verifications
            </Link>
            .
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
