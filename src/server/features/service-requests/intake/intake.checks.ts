import type { FastifyInstance } from 'fastify';
import {
  TECHNICIAN_NOT_AVAILABLE,
  TECHNICIAN_NOT_FOUND,
  technicianDoesNotOffer,
} from '@shared/schemas/service-requests';
import { specialtyToServiceType } from '@shared/constants/service-types';
import { AVAILABILITY_DAYS_AHEAD, BOOKING_LEAD_MINUTES } from '@shared/availability';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { parsePlace, unknownZip } from '../../../domain/places';
import { assertServed } from '../../../domain/service-area';
import { serviceAreaToday } from '../../../domain/customers';
import type { RequestFields } from './intake.fields';
import { customerVehicle, listedTechnician } from './intake.queries';

export const CHOOSE_A_LOCATION = 'Please choose one of our service locations or enter a ZIP code';
export const CHOOSE_YOUR_VEHICLE = 'Please choose one of your vehicles';
export const FULL_NAME_REQUIRED = 'Full name is required';
export const VEHICLE_REQUIRED = 'Please describe the vehicle (year, make and model)';

/** What the checks found out, for storing the request. */
export type CheckedRequest = {
  place: { location: string; latitude: number; longitude: number };
  /** The signed-in customer submitting it (a technician's or admin's session is none). */
  customer: SessionUser | null;
  /** The name of the technician it goes to first, when the customer chose one. */
  chosenTechnician: string | null;
};

/**
 * Everything a request must be before anything is stored or counted: a date ahead, a place we
 * serve, a way to reach a guest, a name and a vehicle, the customer's own saved vehicle, a
 * technician the customer could have found. The first that fails answers.
 */
export async function checkRequest(
  app: FastifyInstance,
  fields: RequestFields,
  user: SessionUser | null,
): Promise<CheckedRequest> {
  if (fields.preferredDate && fields.preferredDate < serviceAreaToday(app.clock()))
    throw new AppError(400, 'Preferred date cannot be in the past');
  if (fields.requestedWindows) assertWindowsAhead(fields.requestedWindows, app.clock());
  const place = locate(fields.location);
  const customer = user && user.role === 'customer' ? user : null;
  if (!customer && !fields.email) throw new AppError(400, 'Please enter a valid email address');
  assertNameAndVehicle(fields, customer);
  if (fields.vehicleId !== undefined) await assertOwnVehicle(app, fields.vehicleId, customer);
  const chosenTechnician =
    fields.preferredTechnicianId !== undefined
      ? await assertCanAsk(app, fields.preferredTechnicianId, fields.serviceType)
      : null;
  return { place, customer, chosenTechnician };
}

export const WINDOW_TOO_SOON = `Each arrival window must start at least ${BOOKING_LEAD_MINUTES} minutes from now`;
export const WINDOW_TOO_FAR = `Each arrival window must start within ${AVAILABILITY_DAYS_AHEAD} days`;

/** Picked windows start an hour from now at the soonest, 14 days at the latest, no two alike. */
function assertWindowsAhead(windows: { start: string }[], now: Date) {
  const starts = windows.map((w) => Date.parse(w.start));
  const path = 'requestedWindows';
  if (starts.some((t) => t < now.getTime() + BOOKING_LEAD_MINUTES * 60_000))
    throw new AppError(400, WINDOW_TOO_SOON, [{ path, message: WINDOW_TOO_SOON }]);
  if (starts.some((t) => t > now.getTime() + AVAILABILITY_DAYS_AHEAD * 86_400_000))
    throw new AppError(400, WINDOW_TOO_FAR, [{ path, message: WINDOW_TOO_FAR }]);
  if (new Set(starts).size !== starts.length)
    throw new AppError(400, 'Pick each arrival window once', [
      { path, message: 'Pick each arrival window once' },
    ]);
}

/**
 * A named service location, a US ZIP code, an address holding one or a 'City, ST', resolved as
 * the technician search does (ADR 018). Kept as typed, except that a named town gets its name
 * and a bare ZIP code reads 'Bethesda, MD 20814'.
 */
function locate(location: string) {
  let place;
  try {
    place = parsePlace(location);
  } catch (err) {
    if (err instanceof AppError && err.message.startsWith(unknownZip(''))) throw err;
    throw new AppError(400, CHOOSE_A_LOCATION);
  }
  // A place outside the service area is said so at once, nothing written.
  assertServed(location);
  const text = location.trim();
  const keepLabel = place.named || /^\d{5}(-\d{4})?$/.test(text);
  return {
    location: keepLabel ? place.label : text,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/**
 * The form's required fields, enforced here too, field by field: a technician calls a name
 * about a car. The demo page's payload has the vehicle optional (the spec's demo form).
 */
function assertNameAndVehicle(fields: RequestFields, customer: SessionUser | null) {
  const missing: { path: string; message: string }[] = [];
  if (!fields.name?.trim() && !customer?.firstName?.trim())
    missing.push({ path: 'customerName', message: FULL_NAME_REQUIRED });
  if (fields.kind === 'form' && !fields.vehicle?.trim() && fields.vehicleId === undefined)
    missing.push({ path: 'vehicleInfo', message: VEHICLE_REQUIRED });
  if (missing.length > 0) throw new AppError(400, missing[0]!.message, missing);
}

/** A saved vehicle is a signed-in customer's own; guests type theirs (a vehicleId is refused). */
async function assertOwnVehicle(
  app: FastifyInstance,
  vehicleId: number,
  customer: SessionUser | null,
) {
  const vehicle = customer ? await customerVehicle(app.db, customer.id, vehicleId) : undefined;
  if (!vehicle) throw new AppError(400, CHOOSE_YOUR_VEHICLE);
}

/**
 * The technician a customer sends a request to first must be one they could find: listed, taking
 * jobs, certified, offering the service. Whether their plan delivers this lead now
 * is dispatch's to judge (a technician who cannot take it is passed over, not refused here).
 */
async function assertCanAsk(app: FastifyInstance, technicianId: number, serviceType: string) {
  const tech = await listedTechnician(app.db, technicianId, app.clock());
  const issue = (path: string, message: string) => new AppError(400, message, [{ path, message }]);
  if (!tech) throw issue('preferredTechnicianId', TECHNICIAN_NOT_FOUND);
  if (!tech.isAvailable || !tech.certified)
    throw issue('preferredTechnicianId', TECHNICIAN_NOT_AVAILABLE);
  if (!tech.specialties.some((s) => specialtyToServiceType(s) === serviceType))
    throw issue('serviceType', technicianDoesNotOffer(tech.firstName, serviceType));
  return `${tech.firstName} ${tech.lastName}`.trim();
}
