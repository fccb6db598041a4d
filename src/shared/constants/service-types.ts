export const SERVICE_TYPES = [
  'Engine Repair',
  'Brake Service',
  'Oil Change',
  'Transmission',
  'Electrical',
  'AC Repair',
  'Suspension',
  'Diagnostics',
  'General Maintenance',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Specialties a mechanic can tick on the application form. */
export const APPLICATION_SPECIALTIES = [
  'Engine Repair',
  'Transmission',
  'Brakes',
  'Electrical',
  'AC Repair',
  'Suspension',
  'Diagnostics',
  'Oil Changes',
  'Tire Service',
  'Body Work',
] as const;
export type ApplicationSpecialty = (typeof APPLICATION_SPECIALTIES)[number];

/**
 * The one table mapping application specialties onto the service types customers search by.
 * Specialties with no matching service type map to null (they are shown, never matched).
 */
export const SPECIALTY_TO_SERVICE_TYPE: Record<ApplicationSpecialty, ServiceType | null> = {
  'Engine Repair': 'Engine Repair',
  Transmission: 'Transmission',
  Brakes: 'Brake Service',
  Electrical: 'Electrical',
  'AC Repair': 'AC Repair',
  Suspension: 'Suspension',
  Diagnostics: 'Diagnostics',
  'Oil Changes': 'Oil Change',
  'Tire Service': 'General Maintenance',
  'Body Work': null,
};

/** Normalises a specialty (application name or service type) to the service type it serves. */
export function specialtyToServiceType(specialty: string): ServiceType | null {
  if ((SERVICE_TYPES as readonly string[]).includes(specialty)) return specialty as ServiceType;
  return SPECIALTY_TO_SERVICE_TYPE[specialty as ApplicationSpecialty] ?? null;
}

export const URGENCIES = ['low', 'medium', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = {
  low: 'Low - Can wait a week',
  medium: 'Medium - Within a few days',
  high: 'High - ASAP',
};
