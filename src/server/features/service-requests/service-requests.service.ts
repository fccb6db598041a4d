import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/jobs';
import {
  composeServiceDescription,
  descriptionWithoutContact,
  demoServiceRequestSchema,
  serviceRequestSchema,
  TECHNICIAN_NOT_AVAILABLE,
  TECHNICIAN_NOT_FOUND,
  technicianDoesNotOffer,
} from '@shared/schemas/service-requests';
import { specialtyToServiceType } from '@shared/constants/service-types';
import { vehicleLabel } from '@shared/schemas/vehicles';
import { AppError } from '../../infra/app-error';
import { parsePlace, unknownZip } from '../../domain/places';
import { findOrCreateGuestCustomer, serviceAreaToday } from '../../domain/customers';
import { tooManyAttempts } from '../../infra/rate-limiter';
import { requestPagePath } from '../../domain/request-links';
import type { SessionUser } from '../../infra/session';
import { recordMove } from '../../domain/job-timeline';
import { attachRequestPhotos } from '../../domain/request-photos';
import { normalizePhone } from '../../domain/phone';
import { requestReceivedMail } from './service-requests.mail';
import {
  customerVehicle,
  insertServiceRequest,
  listedTechnician,
  serviceRequestStatus,
} from './service-requests.queries';

export const CHOOSE_A_LOCATION = 'Please choose one of our service locations or enter a ZIP code';

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
  const text = location.trim();
  const keepLabel = place.named || /^\d{5}(-\d{4})?$/.test(text);
  return {
    location: keepLabel ? place.label : text,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** Reads 'Label: value' lines the request form merges into the description. */
function line(description: string, label: string): string | undefined {
  const m = description.match(new RegExp(`^${label}:\\s*(.+)$`, 'mi'))?.[1]?.trim();
  return m && m !== 'Not specified' ? m : undefined;
}

export const CHOOSE_YOUR_VEHICLE = 'Please choose one of your vehicles';
export const FULL_NAME_REQUIRED = 'Full name is required';
export const VEHICLE_REQUIRED = 'Please describe the vehicle (year, make and model)';

/** '2018 Honda Civic' in place of the description's Vehicle line (a description without one is kept). */
function withVehicleLine(description: string, label: string) {
  return /^Vehicle: .*$/m.test(description)
    ? description.replace(/^Vehicle: .*$/m, `Vehicle: ${label}`)
    : description;
}

/**
 * The technician a customer sends a request to first must be one they could find: listed, taking
 * jobs, with valid credentials, offering the service. Whether their plan delivers this lead now
 * is dispatch's to judge (a technician who cannot take it is passed over, not refused here).
 */
async function assertCanAsk(app: FastifyInstance, technicianId: number, serviceType: string) {
  const tech = await listedTechnician(app.db, technicianId, serviceAreaToday(app.clock()));
  const issue = (path: string, message: string) => new AppError(400, message, [{ path, message }]);
  if (!tech) throw issue('preferredTechnicianId', TECHNICIAN_NOT_FOUND);
  if (!tech.isAvailable || !tech.validCredentials)
    throw issue('preferredTechnicianId', TECHNICIAN_NOT_AVAILABLE);
  if (!tech.specialties.some((s) => specialtyToServiceType(s) === serviceType))
    throw issue('serviceType', technicianDoesNotOffer(tech.firstName, serviceType));
}

export function createServiceRequestService(app: FastifyInstance) {
  // Per IP and hour: each request notifies up to 5 technicians and sends e-mail.
  const byIp = app.rateLimits.limiter(
    'service-requests:ip',
    app.config.limits.serviceRequestsPerHour,
    60 * 60 * 1000,
  );

  return {
    /** Validates either payload (form or demo page), stores the request, then dispatches it. */
    async create(body: unknown, user: SessionUser | null, ip: string) {
      const isDemo = typeof body === 'object' && body !== null && 'issueDescription' in body;
      let fields: {
        serviceType: string;
        description: string;
        urgency: 'low' | 'medium' | 'high';
        location: string;
        preferredDate: string | null;
        name?: string;
        email?: string;
        phone?: string;
        vehicle?: string;
        vehicleId?: number;
        /** The opted-in number for texts about the request (E.164). */
        textsTo?: string;
        preferredTechnicianId?: number;
        /** Upload tokens of the photos of the problem (POST /api/request-photos). */
        photos?: string[];
      };
      if (isDemo) {
        const d = demoServiceRequestSchema.parse(body);
        fields = {
          serviceType: d.serviceType,
          urgency: d.urgency,
          location: d.location,
          preferredDate: null,
          name: d.customerName,
          email: d.email,
          phone: d.phoneNumber,
          vehicle: d.vehicleInfo,
          description: composeServiceDescription({
            problem: d.issueDescription,
            vehicle: d.vehicleInfo ?? '',
          }),
        };
      } else {
        const r = serviceRequestSchema.parse(body);
        fields = {
          serviceType: r.serviceType,
          urgency: r.urgency,
          location: r.location,
          preferredDate: r.preferredDate,
          // The contact goes to fields of its own, never in the text a technician reads.
          description: descriptionWithoutContact(r.description),
          name: r.customerName ?? line(r.description, 'Customer'),
          email: r.customerEmail ?? line(r.description, 'Email')?.toLowerCase(),
          phone: r.customerPhone ?? line(r.description, 'Phone'),
          vehicle: r.vehicleInfo ?? line(r.description, 'Vehicle'),
          vehicleId: r.vehicleId ?? undefined,
          // Checked before anything is stored: a number a text can reach, in E.164.
          textsTo: r.textUpdates ? normalizePhone(r.customerPhone!, 'customerPhone') : undefined,
          preferredTechnicianId: r.preferredTechnicianId ?? undefined,
          photos: r.photos,
        };
      }
      if (fields.preferredDate && fields.preferredDate < serviceAreaToday(app.clock())) {
        throw new AppError(400, 'Preferred date cannot be in the past');
      }
      const place = locate(fields.location);
      const signedInCustomer = user && user.role === 'customer' ? user : null;
      if (!signedInCustomer && !fields.email) {
        throw new AppError(400, 'Please enter a valid email address');
      }
      // The form's required fields, enforced here too: a technician calls a name about a car.
      const missing: { path: string; message: string }[] = [];
      if (!fields.name?.trim() && !signedInCustomer?.firstName?.trim())
        missing.push({ path: 'customerName', message: FULL_NAME_REQUIRED });
      // The demo page's payload has the vehicle optional (the spec's demo form).
      if (!isDemo && !fields.vehicle?.trim() && fields.vehicleId === undefined)
        missing.push({ path: 'vehicleInfo', message: VEHICLE_REQUIRED });
      if (missing.length > 0) throw new AppError(400, missing[0]!.message, missing);
      // A saved vehicle is a signed-in customer's own; guests type theirs (a vehicleId is refused).
      if (fields.vehicleId !== undefined) {
        const vehicle = signedInCustomer
          ? await customerVehicle(app.db, signedInCustomer.id, fields.vehicleId)
          : undefined;
        if (!vehicle) throw new AppError(400, CHOOSE_YOUR_VEHICLE);
      }
      if (fields.preferredTechnicianId !== undefined)
        await assertCanAsk(app, fields.preferredTechnicianId, fields.serviceType);
      // Counted once the request is valid, before anything is stored or sent.
      const wait = await byIp.consume(ip);
      if (wait > 0) throw tooManyAttempts('Too many service requests from this network', wait);

      const created = await app.db.transaction(async (tx) => {
        // Anonymous requests go to a guest record, never to an account with the address:
        // the account's owner claims them by proving the address (e-mail verification).
        const customerId =
          signedInCustomer?.id ??
          (await findOrCreateGuestCustomer(tx, {
            email: fields.email!,
            name: fields.name,
            phone: fields.phone,
          }));
        // Checked above; locked now, and still there (a delete may have happened meanwhile).
        let vehicleFields = {};
        if (fields.vehicleId !== undefined) {
          const vehicle = await customerVehicle(tx, customerId, fields.vehicleId, true);
          if (!vehicle) throw new AppError(400, CHOOSE_YOUR_VEHICLE);
          const label = vehicleLabel(vehicle);
          vehicleFields = {
            vehicleId: vehicle.id,
            vehicleInfo: label,
            description: withVehicleLine(fields.description, label),
          };
        }
        const row = await insertServiceRequest(tx, {
          customerId,
          serviceType: fields.serviceType,
          description: fields.description,
          urgency: fields.urgency,
          location: place.location,
          latitude: place.latitude,
          longitude: place.longitude,
          preferredDate: fields.preferredDate,
          contactName: fields.name ?? signedInCustomer?.firstName ?? null,
          contactEmail: fields.email ?? signedInCustomer?.email ?? null,
          contactPhone: fields.phone ?? signedInCustomer?.phone ?? null,
          // A technician's or admin's session submits a request no customer may review.
          submittedAs: signedInCustomer
            ? 'customer'
            : user?.role === 'technician' || user?.role === 'admin'
              ? user.role
              : 'guest',
          vehicleInfo: fields.vehicle ?? null,
          // The box ticked on the form: the consent and when it was given.
          ...(fields.textsTo
            ? { smsUpdatesPhone: fields.textsTo, smsUpdatesConsentAt: app.clock() }
            : {}),
          ...vehicleFields,
          preferredTechnicianId: fields.preferredTechnicianId ?? null,
        });
        // In the same transaction: a photo that cannot be attached leaves no request behind.
        if (fields.photos?.length)
          await attachRequestPhotos(tx, {
            secret: app.config.sessionSecret,
            now: app.clock(),
            serviceRequestId: row!.id,
            tokens: fields.photos,
            submitterUserId: user?.id ?? null,
          });
        await recordMove(app, tx, row!, {
          move: 'submit',
          to: 'requested',
          actor: signedInCustomer ? 'customer' : 'system',
          actorUserId: signedInCustomer?.id ?? null,
        });
        // Queued with the request (and sent at once after commit): a guest who closes the tab
        // still has the way back in their mailbox.
        const received = requestReceivedMail(app, row!, signedInCustomer !== null);
        if (received) await app.outbox.enqueue(tx, received);
        return row!;
      });

      // The one call site of dispatch: every service request goes through here.
      const notifiedTechnicians = await app.dispatcher.dispatch(created.id);
      const after = await serviceRequestStatus(app.db, created.id);
      return {
        id: created.id,
        customerId: created.customerId,
        serviceType: created.serviceType,
        description: created.description,
        urgency: created.urgency,
        location: created.location,
        preferredDate: created.preferredDate,
        status: after?.status ?? created.status,
        createdAt: created.createdAt.toISOString(),
        notifiedTechnicians,
        reference: formatReference(created.id),
        requestPath: requestPagePath(app.config.sessionSecret, created.id),
      };
    },
  };
}
