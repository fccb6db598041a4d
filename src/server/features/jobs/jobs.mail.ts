import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import type { JobMove } from '@shared/jobs';
import { customerMail } from '../../domain/job-mail';
import type { MailMessage } from '../../infra/mailer';
import type { ServiceRequestRow } from '../../domain/job-access';

/** Times in e-mails: the service area's clock (DC / MD / VA). */
const when = (d: Date) =>
  d.toLocaleString('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const time = (d: Date) =>
  d.toLocaleTimeString('en-US', {
    timeZone: 'America/New_York',
    hour: 'numeric',
    minute: '2-digit',
  });
export const windowText = (start: Date, end: Date) => `${when(start)} – ${time(end)}`;

/** The e-mail the customer gets for a move, if it is one they hear about. */
export function moveMail(
  app: FastifyInstance,
  move: JobMove,
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
    case 'confirm_window':
      return customerMail(app, after, 'job_window_confirmed', 'Your appointment is confirmed', [
        `${tech} will arrive ${windowText(after.windowStart!, after.windowEnd!)}.`,
      ]);
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
