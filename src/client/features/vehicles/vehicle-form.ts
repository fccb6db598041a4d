import { vehicleInputSchema, type Vehicle, type VehicleInput } from '@shared/schemas/vehicles';
import { ApiError } from '../../lib/api-client';

/** The add/edit form's fields, as typed. */
export type VehicleDraft = {
  year: string;
  make: string;
  model: string;
  vin: string;
  mileage: string;
};
export type VehicleDraftErrors = Partial<Record<keyof VehicleDraft | 'form', string>>;

export const blankVehicleDraft: VehicleDraft = {
  year: '',
  make: '',
  model: '',
  vin: '',
  mileage: '',
};

export const draftOf = (v: Vehicle): VehicleDraft => ({
  year: String(v.year),
  make: v.make,
  model: v.model,
  vin: v.vin ?? '',
  mileage: v.mileage === null ? '' : String(v.mileage),
});

const FIELDS = ['year', 'make', 'model', 'vin', 'mileage'] as const;

/** The body to send, or the inline errors (the server's rules, from the same shared schema). */
export function checkVehicleDraft(
  d: VehicleDraft,
): { ok: true; body: VehicleInput } | { ok: false; errors: VehicleDraftErrors } {
  const body = {
    year: d.year.trim(),
    make: d.make,
    model: d.model,
    vin: d.vin,
    mileage: d.mileage,
  };
  const parsed = vehicleInputSchema.safeParse(body);
  if (parsed.success)
    return {
      ok: true,
      body: { ...body, vin: d.vin.trim() || null, mileage: d.mileage.trim() || null },
    };
  const errors: VehicleDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = FIELDS.find((f) => f === issue.path[0]);
    if (key) errors[key] ??= issue.message;
  }
  if (!d.year.trim()) errors.year = 'Vehicle year is required';
  return { ok: false, errors };
}

/** A refusal from the server as inline errors: field issues of a 400, or the message. */
export function serverVehicleErrors(err: unknown): VehicleDraftErrors {
  if (!(err instanceof ApiError)) return { form: 'Could not save the vehicle. Please try again.' };
  try {
    const body = JSON.parse(err.body) as {
      message?: string;
      issues?: { path: string; message: string }[];
    };
    const errors: VehicleDraftErrors = {};
    for (const issue of body.issues ?? []) {
      const key = FIELDS.find((f) => f === issue.path.split('.')[0]);
      if (key) errors[key] ??= issue.message;
    }
    if (Object.keys(errors).length > 0) return errors;
    if (body.message?.includes('VIN')) return { vin: body.message };
    return { form: body.message ?? 'Could not save the vehicle. Please try again.' };
  } catch {
    return { form: 'Could not save the vehicle. Please try again.' };
  }
}
