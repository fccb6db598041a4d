import { isSettingOffFor } from '@shared/service-time';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatWindow } from '@shared/service-time';
import type { ServiceRequestMove } from '@shared/service-request-rules';
import { formatReference } from '@shared/service-request-rules';
import type { Point } from '@shared/geo';
import { customerMail } from '../../../domain/request-mail';
import { arrivalOf } from '../../../domain/arrival';
import { customerText } from '../../../domain/customer-texts';
import { windowAttachment } from '../../../domain/window-calendar';
import type { OutboxInput } from '../../../infra/outbox';
import type { MailMessage } from '../../../infra/mailer';
import type { ServiceRequestRow } from '../../../domain/request-access';

/** Times in e-mails: the service area's clock, as every other place shows them. */
export const windowText = (start: Date, end: Date) => formatWindow(start, end);

/** The e-mail the customer gets for a move, if it is one they hear about. */
export function moveMail(
  app: FastifyInstance,
  move: ServiceRequestMove,
  actor: 'customer' | 'technician' | 'admin',
  after: ServiceRequestRow,
  technicianName: string | null,
): MailMessage | null {
  const tech = technicianName ?? 'Your technician';
  switch (move) {
    case 'propose_window':
      return customerMail(
        app,
        after,
        'job_window_proposed',
        `${tech} proposed an arrival window`,
        [
          `${tech} can come ${windowText(after.windowStart!, after.windowEnd!)} for your ${after.serviceType} request.`,
          'Please confirm the window or decline it on your request page.',
        ],
        'Confirm or decline',
      );
    case 'confirm_window': {
      const mail = customerMail(
        app,
        after,
        'job_window_confirmed',
        'Your appointment is confirmed',
        [
          `${tech} will arrive ${windowText(after.windowStart!, after.windowEnd!)}.`,
          'The attached calendar file adds the visit to your calendar.',
        ],
      );
      // The window as a calendar event, rendered from the request when the e-mail leaves.
      return mail && { ...mail, attachments: [windowAttachment(after.id)] };
    }
    case 'accept_new_time': {
      const mail = customerMail(app, after, 'job_new_time_accepted', 'Your new time is confirmed', [
        `${tech} will arrive ${windowText(after.windowStart!, after.windowEnd!)} instead.`,
        'The attached calendar file moves the visit in your calendar.',
      ]);
      return mail && { ...mail, attachments: [windowAttachment(after.id)] };
    }
    case 'decline_new_time':
      return customerMail(
        app,
        after,
        'job_new_time_declined',
        `${tech} can't make the new time`,
        [
          `${tech} can't come at the new time you asked for${after.windowStart ? `; your visit stays ${windowText(after.windowStart, after.windowEnd!)}` : ''}.`,
          'You can ask for another time, or cancel, on your request page.',
        ],
        'Open your request',
      );
    case 'start_route':
      return customerMail(app, after, 'job_en_route', `${tech} is on the way`, [
        `${tech} is on the way to ${after.location} for your ${after.serviceType} request.`,
      ]);
    case 'complete':
      return customerMail(
        app,
        after,
        'job_completed',
        `Your ${after.serviceType} job is complete`,
        [
          `${tech} marked your ${after.serviceType} job as completed. Thank you for choosing ${BRAND.name}.`,
          'How did it go? Your review helps other drivers choose a technician.',
        ],
        'Write a review',
        null,
        // The link lands on the review form, at the top of the finished job's page.
        'review',
      );
    case 'cancel':
      if (actor === 'technician')
        return customerMail(
          app,
          after,
          'job_reassigning',
          'We are finding you another technician',
          [
            `${tech} can no longer take your ${after.serviceType} request. We are contacting other qualified technicians near ${after.location} now.`,
          ],
        );
      if (actor === 'customer') {
        return customerMail(app, after, 'request_canceled', 'Your request is canceled', [
          `Your ${after.serviceType} request is canceled as you asked.`,
        ]);
      }
      return customerMail(app, after, 'request_canceled', 'Your request was canceled', [
        `Our team canceled your ${after.serviceType} request${after.cancelReason ? `: ${after.cancelReason}` : '.'}`,
        `Questions? Write to ${BRAND.supportEmail}.`,
      ]);
    default:
      return null;
  }
}

/**
 * The text the customer gets for a move, when they opted in: a proposed window and the
 * technician on the way (with an ETA from `from`, the technician's last known place).
 */
export function moveText(
  app: FastifyInstance,
  move: ServiceRequestMove,
  after: ServiceRequestRow,
  technicianName: string | null,
  from: Point | null,
): OutboxInput | null {
  const tech = technicianName ?? 'Your technician';
  const ref = formatReference(after.id);
  switch (move) {
    case 'propose_window':
      return customerText(
        app,
        after,
        'job_window_proposed',
        `window:${after.id}:${after.windowStart!.getTime()}-${after.windowEnd!.getTime()}`,
        `${tech} can come ${windowText(after.windowStart!, after.windowEnd!)} (${ref}). Confirm or decline:`,
      );
    case 'start_route': {
      // The page's estimate (ADR 045): none when they set off long before the window.
      const forWindow =
        !after.windowStart ||
        !after.windowEnd ||
        isSettingOffFor({ start: after.windowStart, end: after.windowEnd }, app.clock());
      const eta = arrivalOf(after, from, app.clock()).etaMinutes;
      return customerText(
        app,
        after,
        'job_en_route',
        `en_route:${after.id}:${after.assignedTechnicianId}:${after.assignedAt?.getTime() ?? 0}`,
        forWindow
          ? `${tech} is on the way${eta ? `, arriving in about ${eta} minutes` : ''} (${ref}). Follow:`
          : `${tech} is on the way for your window ${windowText(after.windowStart!, after.windowEnd!)} (${ref}). Follow:`,
      );
    }
    default:
      return null;
  }
}
