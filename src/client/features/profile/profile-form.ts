import { LOCATION_NAMES } from '@shared/constants/locations';
import { phoneForInput } from '@shared/phone';
import {
  updateProfileSchema,
  type OwnProfile,
  type UpdateProfileInput,
} from '@shared/schemas/profile';
import { issuesToErrors, type FormErrors } from '../../lib/form-errors';

/** The profile form's fields, as the inputs hold them. */
export type ProfileFormState = {
  isAvailable: boolean;
  hourlyRate: string;
  bio: string;
  specialties: string[];
  baseKind: 'location' | 'zip';
  location: string;
  zipCode: string;
  serviceRadiusMiles: string;
  yearsExperience: string;
  phone: string;
  warrantyMonths: string;
  warrantyMiles: string;
};

/** The fields that can carry a message (the API's names, which the form's inputs share). */
export const PROFILE_FIELDS = [
  'hourlyRate',
  'yearsExperience',
  'phone',
  'location',
  'zipCode',
  'serviceRadiusMiles',
  'bio',
  'specialties',
  'warrantyMonths',
  'warrantyMiles',
] as const;
export type ProfileErrors = FormErrors<(typeof PROFILE_FIELDS)[number]>;

/** The props of each form section: the fields, a setter for some of them, and their messages. */
export type ProfileSectionProps = {
  form: ProfileFormState;
  set: (patch: Partial<ProfileFormState>) => void;
  errors: ProfileErrors;
};

export const fromProfile = (p: OwnProfile): ProfileFormState => ({
  isAvailable: p.isAvailable,
  hourlyRate: p.hourlyRate,
  bio: p.bio ?? '',
  specialties: p.specialties,
  baseKind: (LOCATION_NAMES as readonly string[]).includes(p.location) ? 'location' : 'zip',
  location: (LOCATION_NAMES as readonly string[]).includes(p.location) ? p.location : '',
  zipCode: p.zipCode ?? '',
  serviceRadiusMiles: String(p.serviceRadiusMiles),
  yearsExperience: String(p.yearsExperience),
  phone: phoneForInput(p.phone),
  warrantyMonths: String(p.warranty.months),
  warrantyMiles: String(p.warranty.miles),
});

export const toUpdateInput = (f: ProfileFormState): UpdateProfileInput => ({
  isAvailable: f.isAvailable,
  hourlyRate: f.hourlyRate,
  bio: f.bio,
  specialties: f.specialties as UpdateProfileInput['specialties'],
  serviceRadiusMiles: f.serviceRadiusMiles,
  yearsExperience: f.yearsExperience,
  phone: f.phone,
  warrantyMonths: f.warrantyMonths,
  warrantyMiles: f.warrantyMiles,
  ...(f.baseKind === 'location'
    ? f.location
      ? { location: f.location as UpdateProfileInput['location'] }
      : {}
    : { zipCode: f.zipCode }),
});

/** The body to send, or the messages under the fields: the server's rules (the shared schema). */
export function checkProfile(
  f: ProfileFormState,
): { ok: true; body: UpdateProfileInput } | { ok: false; errors: ProfileErrors } {
  const body = toUpdateInput(f);
  const parsed = updateProfileSchema.safeParse(body);
  const errors: ProfileErrors = parsed.success
    ? {}
    : issuesToErrors(parsed.error.issues, PROFILE_FIELDS);
  // z.coerce reads an emptied field as 0, which the schema accepts for years.
  if (!f.yearsExperience.trim())
    errors.yearsExperience = 'Enter your years of experience (0 or more)';
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}
