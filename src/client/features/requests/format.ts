import { formatAmount } from '@shared/money';
import type { ServiceRequestStatus } from '@shared/constants/domain';

/** 'Nov 23, 6:45 PM' */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Tue, Nov 24, 9:00 AM – 11:00 AM' (the end's date is named when it is another day). */
export function formatWindow(start: string, end: string) {
  const s = new Date(start);
  const e = new Date(end);
  const day = (d: Date) =>
    d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  const endText = day(s) === day(e) ? time(e) : `${day(e)}, ${time(e)}`;
  return `${day(s)}, ${time(s)} – ${endText}`;
}

/** '$1,234.50' from a decimal string (the one currency formatter, `@shared/money`). */
export const formatMoney = (amount: string) => formatAmount(amount);

export const STATUS_BADGE_VARIANT: Record<
  ServiceRequestStatus,
  'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning'
> = {
  requested: 'secondary',
  dispatching: 'warning',
  accepted: 'default',
  scheduled: 'default',
  en_route: 'default',
  in_progress: 'default',
  completed: 'success',
  canceled: 'outline',
  unmatched: 'destructive',
};
