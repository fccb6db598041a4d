import {
  composeServiceDescription,
  descriptionWithoutContact,
  type CreateServiceRequestBody,
} from '@shared/schemas/service-requests';
import { emailSchema } from '@shared/schemas/common';
import { normalizePhone } from '../../../domain/phone';
import { AppError } from '../../../infra/app-error';

type FormBody = Extract<CreateServiceRequestBody, { kind: 'form' }>;
type DemoBody = Extract<CreateServiceRequestBody, { kind: 'demo' }>;

/** What a request says, whichever payload brought it. */
export type RequestFields = {
  kind: CreateServiceRequestBody['kind'];
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
  /** The arrival windows picked, earliest first (none: as soon as possible). */
  requestedWindows?: { start: string; end: string }[];
};

/** Reads 'Label: value' lines the request form merges into the description. */
function line(description: string, label: string): string | undefined {
  const m = description.match(new RegExp(`^${label}:\\s*(.+)$`, 'mi'))?.[1]?.trim();
  return m && m !== 'Not specified' ? m : undefined;
}

/** The description's Phone line in E.164 (none when it has none); a 400 when it is no US number. */
function phoneLine(description: string): string | undefined {
  const typed = line(description, 'Phone');
  return typed === undefined ? undefined : normalizePhone(typed, 'customerPhone');
}

/** The description's Email line (none when it has none); a 400 when it is no address. */
function emailLine(description: string): string | undefined {
  const typed = line(description, 'Email');
  if (typed === undefined) return undefined;
  const parsed = emailSchema.safeParse(typed);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]!.message;
  throw new AppError(400, message, [{ path: 'customerEmail', message }]);
}

/**
 * The form's payload. The contact goes to fields of its own, never in the text a technician
 * reads; lines of the text (earlier versions of the form) fill the fields left out.
 */
function fromForm(r: FormBody): RequestFields {
  return {
    kind: 'form',
    serviceType: r.serviceType,
    urgency: r.urgency,
    location: r.location,
    preferredDate: r.preferredDate,
    description: descriptionWithoutContact(r.description),
    name: r.customerName ?? line(r.description, 'Customer'),
    // An Email line of the text is held to the e-mail rule like the field.
    email: r.customerEmail ?? emailLine(r.description),
    // A Phone line of the text is held to the phone rule like the field.
    phone: r.customerPhone ?? phoneLine(r.description),
    vehicle: r.vehicleInfo ?? line(r.description, 'Vehicle'),
    vehicleId: r.vehicleId ?? undefined,
    // Checked before anything is stored: a number a text can reach, in E.164.
    textsTo: r.textUpdates ? normalizePhone(r.customerPhone!, 'customerPhone') : undefined,
    preferredTechnicianId: r.preferredTechnicianId ?? undefined,
    photos: r.photos,
    requestedWindows: r.requestedWindows?.length
      ? [...r.requestedWindows]
          .map((w) => ({
            start: new Date(w.start).toISOString(),
            end: new Date(w.end).toISOString(),
          }))
          .sort((a, b) => a.start.localeCompare(b.start))
      : undefined,
  };
}

/** The demo page's payload: its problem and vehicle become the description's lines. */
function fromDemo(d: DemoBody): RequestFields {
  return {
    kind: 'demo',
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
}

export const requestFields = (body: CreateServiceRequestBody): RequestFields =>
  body.kind === 'demo' ? fromDemo(body) : fromForm(body);

/** '2018 Honda Civic' in place of the description's Vehicle line (a description without one is kept). */
export function withVehicleLine(description: string, label: string) {
  return /^Vehicle: .*$/m.test(description)
    ? description.replace(/^Vehicle: .*$/m, () => `Vehicle: ${label}`) // a function: `$'` in a model is text
    : description;
}
