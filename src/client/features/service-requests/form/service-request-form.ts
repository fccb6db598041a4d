import { findLocation } from '@shared/constants/locations';
import { isNotServedMessage } from '@shared/constants/service-area';
import { SERVICE_TYPES, type Urgency } from '@shared/constants/service-types';
import { PHONE_MESSAGE, phoneForInput } from '@shared/phone';
import { toE164 } from '@shared/phone-parse';
import {
  MIN_PROBLEM_LENGTH,
  PROBLEM_TOO_SHORT,
  composeServiceDescription,
  vehicleYearSchema,
  type CreateServiceRequestInput,
} from '@shared/schemas/service-requests';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Vehicle } from '@shared/schemas/vehicles';
import { ApiError } from '../../../lib/api-client';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export type RequestForm = {
  /** One of the signed-in customer's vehicles ('' = another vehicle, typed below). */
  vehicleId: string;
  fullName: string;
  email: string;
  phone: string;
  serviceType: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  mileage: string;
  description: string;
  location: string;
  urgency: Urgency;
  preferredDate: string;
  /** 'Text me updates about this request': 'on' when ticked. */
  textUpdates: string;
};
export type RequestFormErrors = Partial<Record<keyof RequestForm, string>>;

export const blankRequestForm: RequestForm = {
  vehicleId: '',
  fullName: '',
  email: '',
  phone: '',
  serviceType: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  mileage: '',
  description: '',
  location: '',
  urgency: 'medium',
  preferredDate: '',
  textUpdates: '',
};

/** The form's vehicle fields for a saved vehicle, or blank ones for 'Another vehicle'. */
export const vehicleFields = (
  v: Vehicle | undefined,
): Pick<RequestForm, 'vehicleId' | 'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'mileage'> =>
  v
    ? {
        vehicleId: String(v.id),
        vehicleYear: String(v.year),
        vehicleMake: v.make,
        vehicleModel: v.model,
        mileage: v.mileage === null ? '' : String(v.mileage),
      }
    : { vehicleId: '', vehicleYear: '', vehicleMake: '', vehicleModel: '', mileage: '' };

/**
 * The blank form with what the home page's quick search put in the URL; for a signed-in
 * customer, their name, e-mail and phone, and their first vehicle unless the URL names one.
 */
export function prefilledRequestForm(
  params: URLSearchParams,
  customer?: { user: CurrentUser; vehicles: Vehicle[] },
): RequestForm {
  const typed = {
    vehicleYear: params.get('vehicleYear') ?? '',
    vehicleMake: params.get('vehicleMake') ?? '',
    vehicleModel: params.get('vehicleModel') ?? '',
  };
  const vehicle =
    customer && !typed.vehicleYear && !typed.vehicleMake && !typed.vehicleModel
      ? customer.vehicles[0]
      : undefined;
  const user = customer?.user;
  return {
    ...blankRequestForm,
    serviceType: SERVICE_TYPES.find((s) => s === params.get('serviceType')) ?? '',
    // A named town (its name), or a ZIP code / address the quick search passed on.
    location: prefillLocation(params.get('location') ?? params.get('zip') ?? params.get('near')),
    ...(vehicle ? vehicleFields(vehicle) : typed),
    ...(user && {
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: phoneForInput(user.phone),
    }),
  };
}

/** The form's inline errors (empty when it can be sent). */
export function validateRequestForm(form: RequestForm): RequestFormErrors {
  const e: RequestFormErrors = {};
  if (!form.fullName.trim()) e.fullName = 'Full name is required';
  if (!EMAIL.test(form.email.trim())) e.email = 'Please enter a valid email address';
  if (!form.serviceType) e.serviceType = 'Please select a service type';
  if (!form.vehicleYear.trim()) e.vehicleYear = 'Vehicle year is required';
  else {
    const year = vehicleYearSchema.safeParse(form.vehicleYear);
    if (!year.success) e.vehicleYear = year.error.issues[0]?.message;
  }
  if (!form.vehicleMake.trim()) e.vehicleMake = 'Vehicle make is required';
  if (!form.vehicleModel.trim()) e.vehicleModel = 'Vehicle model is required';
  if (!form.description.trim()) e.description = 'Please describe the problem';
  else if (form.description.trim().length < MIN_PROBLEM_LENGTH) e.description = PROBLEM_TOO_SHORT;
  if (!form.location.trim()) e.location = 'Please enter your ZIP code, address or town';
  if (form.textUpdates === 'on' && !form.phone.trim())
    e.phone = 'Enter your phone number to get text updates';
  else if (form.phone.trim() && !toE164(form.phone)) e.phone = PHONE_MESSAGE;
  if (form.preferredDate && form.preferredDate < todayLocal())
    e.preferredDate = 'Preferred date cannot be in the past';
  return e;
}

/** The request body of a valid form. */
export function requestBody(form: RequestForm): CreateServiceRequestInput {
  const vehicle = `${form.vehicleYear.trim()} ${form.vehicleMake.trim()} ${form.vehicleModel.trim()}`;
  return {
    customerId: 1,
    // validateRequestForm let only one of the select's options through.
    serviceType: form.serviceType as CreateServiceRequestInput['serviceType'],
    description: composeServiceDescription({
      problem: form.description,
      vehicle,
      mileage: form.mileage,
    }),
    urgency: form.urgency,
    location: form.location,
    preferredDate: form.preferredDate || null,
    customerName: form.fullName.trim(),
    customerEmail: form.email.trim(),
    customerPhone: form.phone.trim() || undefined,
    ...(form.textUpdates === 'on' && { textUpdates: true }),
    vehicleInfo: vehicle,
    vehicleYear: form.vehicleYear.trim(),
    ...(form.vehicleId && { vehicleId: Number(form.vehicleId) }),
  };
}

/** Which form field a field of the request body comes from, for the server's 400 issues. */
const FIELD_OF: Record<string, keyof RequestForm> = {
  serviceType: 'serviceType',
  description: 'description',
  location: 'location',
  preferredDate: 'preferredDate',
  customerName: 'fullName',
  customerEmail: 'email',
  customerPhone: 'phone',
  phone: 'phone',
  vehicleYear: 'vehicleYear',
  vehicleId: 'vehicleId',
  vehicleInfo: 'vehicleMake',
};

/** The server's 400 messages without field issues that belong to one field. */
const FIELD_OF_MESSAGE: Record<string, keyof RequestForm> = {
  'Please choose one of your vehicles': 'vehicleId',
  'Preferred date cannot be in the past': 'preferredDate',
  'Please choose one of our service locations or enter a ZIP code': 'location',
};

/** The server's field issues of a 400, as inline errors (empty when there are none). */
export function serverFieldErrors(err: unknown): RequestFormErrors {
  const out: RequestFormErrors = {};
  if (!(err instanceof ApiError) || err.status !== 400) return out;
  try {
    const body = JSON.parse(err.body) as {
      message?: string;
      issues?: { path: string; message: string }[];
    };
    for (const issue of body.issues ?? []) {
      const key = FIELD_OF[issue.path.split('.')[0] ?? ''];
      if (key) out[key] ??= issue.message;
    }
    const byMessage = body.message
      ? (FIELD_OF_MESSAGE[body.message] ??
        (body.message.startsWith('Unknown ZIP code:') || isNotServedMessage(body.message)
          ? 'location'
          : undefined))
      : undefined;
    if (byMessage && Object.keys(out).length === 0) out[byMessage] = body.message;
  } catch {
    // Not JSON: no field errors.
  }
  return out;
}

/** A prefilled location: a named town's own spelling, or the text as given (up to 200 characters). */
function prefillLocation(text: string | null): string {
  const t = (text ?? '').trim();
  return findLocation(t)?.name ?? t.slice(0, 200);
}
