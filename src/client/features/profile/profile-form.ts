import { LOCATION_NAMES } from '@shared/constants/locations';
import type { OwnProfile, UpdateProfileInput } from '@shared/schemas/profile';

/** The profile form's fields, as the inputs hold them. */
export type ProfileFormState = {
  isAvailable: boolean;
  hourlyRate: string;
  bio: string;
  specialties: string[];
  certifications: string;
  baseKind: 'location' | 'zip';
  location: string;
  zipCode: string;
  serviceRadiusMiles: string;
  yearsExperience: string;
  phone: string;
};

/** The props of each form section: the fields and a setter for some of them. */
export type ProfileSectionProps = {
  form: ProfileFormState;
  set: (patch: Partial<ProfileFormState>) => void;
};

export const fromProfile = (p: OwnProfile): ProfileFormState => ({
  isAvailable: p.isAvailable,
  hourlyRate: p.hourlyRate,
  bio: p.bio ?? '',
  specialties: p.specialties,
  certifications: p.certifications.join(', '),
  baseKind: (LOCATION_NAMES as readonly string[]).includes(p.location) ? 'location' : 'zip',
  location: (LOCATION_NAMES as readonly string[]).includes(p.location) ? p.location : '',
  zipCode: p.zipCode ?? '',
  serviceRadiusMiles: String(p.serviceRadiusMiles),
  yearsExperience: String(p.yearsExperience),
  phone: p.phone ?? '',
});

export const toUpdateInput = (f: ProfileFormState): UpdateProfileInput => ({
  isAvailable: f.isAvailable,
  hourlyRate: f.hourlyRate,
  bio: f.bio,
  specialties: f.specialties as UpdateProfileInput['specialties'],
  certifications: f.certifications
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean),
  serviceRadiusMiles: f.serviceRadiusMiles,
  yearsExperience: f.yearsExperience,
  phone: f.phone,
  ...(f.baseKind === 'location'
    ? f.location
      ? { location: f.location as UpdateProfileInput['location'] }
      : {}
    : { zipCode: f.zipCode }),
});
