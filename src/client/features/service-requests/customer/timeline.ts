import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import { formatAmount } from '@shared/money';
import type { TimelineEntry } from '@shared/schemas/service-request-views';

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const money = (v: unknown) =>
  typeof v === 'string' && /^\d+\.\d{2}$/.test(v) ? formatAmount(v) : 'a payment';

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
    case 'request_new_time':
      return 'New time asked for';
    case 'accept_new_time':
      return 'Visit moved to the new time';
    case 'decline_new_time':
      return 'New time declined: the visit stays';
    case 'start_route':
      return 'Technician on the way';
    case 'start_work':
      return 'Work started';
    case 'complete':
      return 'Job completed';
    case 'cancel':
      return e.toStatus === 'dispatching' ? 'Technician withdrew' : 'Request canceled';
    // What happened to the job's documents and payments (the status unchanged).
    case 'quote_sent': {
      const version = num(e.details?.version);
      return `Quote ${text(e.details?.number)}${version && version > 1 ? ` (version ${version})` : ''} sent`;
    }
    case 'quote_signed':
      return `Quote ${text(e.details?.number)} signed`;
    case 'invoice_issued':
      return `Invoice ${text(e.details?.number)} issued`;
    case 'deposit_paid':
      return `Deposit of ${money(e.details?.amount)} paid`;
    case 'payment_received':
      return `Payment of ${money(e.details?.amount)} received${typeof e.details?.tip === 'string' ? ` with a tip of ${money(e.details.tip)}` : ''}`;
    case 'warranty_claim':
      return 'Warranty claim opened';
    case 'warranty_accepted':
      return `Warranty claim accepted: repair at no charge (${text(e.details?.followUp)})`;
    case 'warranty_declined':
      return 'Warranty claim declined';
    case 'invoice_paid':
      return `Invoice ${text(e.details?.invoiceNumber)} paid in full`;
    case 'payment_refunded':
      return `${money(e.details?.amount)} refunded`;
    default:
      return SERVICE_REQUEST_STATUS_LABELS[e.toStatus];
  }
}
