import { formatAmount } from '@shared/money';
import { formatTimestamp } from '../../../lib/dates';

/** 'Nov 23, 6:45 PM EST': the service area's clock, as the window and the messages show it. */
export const formatDateTime = (iso: string) => formatTimestamp(iso).replace(/, \d{4},/, ',');

/** An arrival window on the service area's clock, zone named: 'Tue, Dec 1, 9:00–11:00 AM EST'. */
export { formatWindow } from '@shared/service-time';

/** '$1,234.50' from a decimal string (the one currency formatter, `@shared/money`). */
export const formatMoney = (amount: string) => formatAmount(amount);
