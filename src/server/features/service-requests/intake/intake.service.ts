import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import type { CreateServiceRequestBody } from '@shared/schemas/service-requests';
import { vehicleLabel } from '@shared/schemas/vehicles';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { tooManyAttempts } from '../../../infra/rate-limiter';
import type { SessionUser } from '../../../infra/session';
import { findOrCreateGuestCustomer } from '../../../domain/customers';
import { recordMove, type ServiceRequestRow } from '../../../domain/request-timeline';
import { requestPagePath } from '../../../domain/request-links';
import { attachRequestPhotos } from '../../../domain/request-photos';
import { CHOOSE_YOUR_VEHICLE, checkRequest, type CheckedRequest } from './intake.checks';
import { requestFields, withVehicleLine, type RequestFields } from './intake.fields';
import { requestReceivedMail } from './intake.mail';
import { customerVehicle, insertServiceRequest, serviceRequestStatus } from './intake.queries';

/** A request being stored: what it says, what the checks found, who sent it. */
type Intake = { fields: RequestFields; checked: CheckedRequest; user: SessionUser | null };

export function createIntakeService(app: FastifyInstance) {
  // Per IP and hour: each request notifies up to 5 technicians and sends e-mail.
  const byIp = app.rateLimits.limiter(
    'service-requests:ip',
    app.config.limits.serviceRequestsPerHour,
    60 * 60 * 1000,
  );

  return {
    /** A request from either payload: checked, counted, stored with its first move, dispatched. */
    async create(body: CreateServiceRequestBody, user: SessionUser | null, ip: string) {
      const fields = requestFields(body);
      const checked = await checkRequest(app, fields, user);
      // Counted once the request is valid, before anything is stored or sent.
      const wait = await byIp.consume(ip);
      if (wait > 0) throw tooManyAttempts('Too many service requests from this network', wait);
      const created = await app.db.transaction((tx) =>
        storeRequest(app, tx, { fields, checked, user }),
      );
      // Every new request is dispatched from here (a move may send it back to dispatch later).
      const notifiedTechnicians = await app.dispatcher.dispatch(created.id);
      const current = await serviceRequestStatus(app.db, created.id);
      return createdOut(app, created, current?.status ?? created.status, notifiedTechnicians);
    },
  };
}

/**
 * The request, its photos, its first move and its confirmation e-mail, in one transaction: a
 * photo that cannot be attached leaves no request behind.
 */
async function storeRequest(app: FastifyInstance, tx: DbOrTx, intake: Intake) {
  const { fields, checked, user } = intake;
  const customerId = checked.customer?.id ?? (await guestCustomer(tx, fields));
  const vehicle = await savedVehicle(tx, customerId, fields);
  const row = (await insertServiceRequest(tx, { ...rowOf(app, intake, customerId), ...vehicle }))!;
  if (fields.photos?.length)
    await attachRequestPhotos(tx, {
      secret: app.config.sessionSecret,
      now: app.clock(),
      serviceRequestId: row.id,
      tokens: fields.photos,
      submitterUserId: user?.id ?? null,
    });
  await recordMove(app, tx, row, {
    move: 'submit',
    to: 'requested',
    actor: checked.customer ? 'customer' : 'system',
    actorUserId: checked.customer?.id ?? null,
  });
  // Queued with the request (and sent at once after commit): a guest who closes the tab still
  // has the way back in their mailbox.
  const received = requestReceivedMail(app, row, {
    signedIn: checked.customer !== null,
    chosenTechnician: checked.chosenTechnician,
  });
  if (received) await app.outbox.enqueue(tx, received);
  return row;
}

/**
 * An anonymous request goes to a guest record, never to an account with the address: the
 * account's owner claims it by proving the address (e-mail verification).
 */
const guestCustomer = (tx: DbOrTx, fields: RequestFields) =>
  findOrCreateGuestCustomer(tx, { email: fields.email!, name: fields.name, phone: fields.phone });

/** The saved vehicle, checked before and locked now: still there (a delete may have happened). */
async function savedVehicle(tx: DbOrTx, customerId: number, fields: RequestFields) {
  if (fields.vehicleId === undefined) return {};
  const vehicle = await customerVehicle(tx, customerId, fields.vehicleId, true);
  if (!vehicle) throw new AppError(400, CHOOSE_YOUR_VEHICLE);
  const label = vehicleLabel(vehicle);
  return {
    vehicleId: vehicle.id,
    vehicleInfo: label,
    description: withVehicleLine(fields.description, label),
  };
}

/** The request's row: what it says, where, and who to reach about it. */
function rowOf(app: FastifyInstance, { fields, checked, user }: Intake, customerId: number) {
  const { customer, place } = checked;
  return {
    customerId,
    serviceType: fields.serviceType,
    description: fields.description,
    urgency: fields.urgency,
    location: place.location,
    latitude: place.latitude,
    longitude: place.longitude,
    preferredDate: fields.preferredDate,
    requestedWindows: fields.requestedWindows ?? null,
    contactName: fields.name ?? customer?.firstName ?? null,
    contactEmail: fields.email ?? customer?.email ?? null,
    contactPhone: fields.phone ?? customer?.phone ?? null,
    // A technician's or admin's session submits a request no customer may review.
    submittedAs: customer
      ? ('customer' as const)
      : user?.role === 'technician' || user?.role === 'admin'
        ? user.role
        : ('guest' as const),
    vehicleInfo: fields.vehicle ?? null,
    // The box ticked on the form: the consent and when it was given.
    ...(fields.textsTo
      ? { smsUpdatesPhone: fields.textsTo, smsUpdatesConsentAt: app.clock() }
      : {}),
    preferredTechnicianId: fields.preferredTechnicianId ?? null,
  };
}

/** The stored request as its submitter gets it back, with the way to its page. */
function createdOut(
  app: FastifyInstance,
  created: ServiceRequestRow,
  status: ServiceRequestRow['status'],
  notifiedTechnicians: number,
) {
  return {
    id: created.id,
    customerId: created.customerId,
    serviceType: created.serviceType,
    description: created.description,
    urgency: created.urgency,
    location: created.location,
    preferredDate: created.preferredDate,
    status,
    createdAt: created.createdAt.toISOString(),
    notifiedTechnicians,
    reference: formatReference(created.id),
    requestPath: requestPagePath(app.config.sessionSecret, created.id),
  };
}
