import type { FastifyInstance } from 'fastify';
import type { TextUpdatesBody } from '@shared/schemas/service-requests';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { resolveRequestViewer } from '../../../domain/request-access';
import { announce } from '../../../domain/request-timeline';
import { normalizePhone } from '../../../domain/phone';
import {
  renderWindowAttachment,
  WINDOW_ATTACHMENT,
  windowCalendar,
  windowFilename,
} from '../../../domain/window-calendar';
import * as q from './page.queries';

export const NO_CONFIRMED_WINDOW = 'This request has no confirmed arrival window yet';
export const ONLY_CUSTOMER_TEXTS = "Only the request's customer can change its texts";
export const NO_PHONE_FOR_TEXTS = 'Enter the phone number to text';

/** The confirmed window as an .ics file, for anyone who may see the request. */
export async function windowIcs(
  app: FastifyInstance,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
) {
  const { request } = await resolveRequestViewer(app, reference, user, token);
  const ics = windowCalendar(app, request);
  if (!ics) throw new AppError(404, NO_CONFIRMED_WINDOW);
  return { filename: windowFilename(request.id), ics };
}

/**
 * The customer starts texts about the request (to the number given, or the request's contact
 * phone; its consent time is now) or stops them (the 'Stop texts' toggle).
 */
export async function changeTextUpdates(
  app: FastifyInstance,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  body: TextUpdatesBody,
) {
  return app.db.transaction(async (tx) => {
    const { request, viewer } = await resolveRequestViewer(app, reference, user, token, tx, true);
    if (viewer.role !== 'customer') throw new AppError(403, ONLY_CUSTOMER_TEXTS);
    let after;
    if (body.enabled) {
      const typed = body.phone || request.smsUpdatesPhone || request.contactPhone;
      if (!typed)
        throw new AppError(400, NO_PHONE_FOR_TEXTS, [
          { path: 'phone', message: NO_PHONE_FOR_TEXTS },
        ]);
      after = await q.setTextUpdates(tx, request.id, {
        smsUpdatesPhone: normalizePhone(typed, 'phone'),
        smsUpdatesConsentAt: app.clock(),
      });
    } else {
      after = await q.setTextUpdates(tx, request.id, { smsUpdatesConsentAt: null });
    }
    await announce(app, tx, request, after, 'text_updates');
  });
}

/** The confirmation e-mail's .ics, rendered from the request when the e-mail leaves. */
export function registerWindowAttachment(app: FastifyInstance) {
  app.mailAttachments.register(WINDOW_ATTACHMENT, (id) => renderWindowAttachment(app, app.db, id));
}
