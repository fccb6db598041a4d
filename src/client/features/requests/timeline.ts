import { JOB_STATUS_LABELS } from '@shared/jobs';
import type { TimelineEntry } from '@shared/schemas/jobs';

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** What happened, in the customer's words. */
export function timelineLabel(e: TimelineEntry): string {
  switch (e.move) {
    case 'submit':
      return 'Request submitted';
    case 'dispatch_round': {
      if (e.details?.firstChoice === true) return 'Sent to your chosen technician first';
      const round = num(e.details?.round);
      const notified = num(e.details?.notified);
      const who =
        notified === null
          ? 'technicians notified'
          : `${notified} ${notified === 1 ? 'technician' : 'technicians'} notified`;
      return round ? `Round ${round}: ${who}` : who.charAt(0).toUpperCase() + who.slice(1);
    }
    case 'accept':
      return 'Technician accepted';
    case 'unmatched':
      return 'No technician found';
    case 'redispatch':
    case 'retry_dispatch':
      return 'Looking for a technician again';
    case 'propose_window':
      return 'Arrival window proposed';
    case 'confirm_window':
      return 'Arrival window confirmed';
    case 'decline_window':
      return 'Arrival window declined';
    case 'start_route':
      return 'Technician on the way';
    case 'start_work':
      return 'Work started';
    case 'complete':
      return 'Job completed';
    case 'cancel':
      return e.toStatus === 'dispatching' ? 'Technician withdrew' : 'Request canceled';
    default:
      return JOB_STATUS_LABELS[e.toStatus];
  }
}
