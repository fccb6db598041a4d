/**
 * The cancellation rules a customer is shown before booking (ADR 043), and the one place the
 * server reads them from. Canceling never costs anything without a deposit; a deposit paid on a
 * signed quote comes back in full when the customer cancels at least FREE_CANCEL_HOURS before
 * the confirmed arrival window (or before any window is confirmed), and is the technician's to
 * keep or refund after that.
 */
export const FREE_CANCEL_HOURS = 24;

export const CANCELLATION_POLICY = `Free to cancel until ${FREE_CANCEL_HOURS} hours before your confirmed arrival window. No fee is ever charged for canceling.`;
export const DEPOSIT_CANCELLATION_RULE = `A deposit paid when you sign a quote is refunded in full if you cancel at least ${FREE_CANCEL_HOURS} hours before the arrival window; after that, your technician may keep it.`;

/** Whether a customer canceling at `now` gets their deposits back: no window yet, or far enough. */
export function cancelsFree(windowStart: Date | string | null, confirmed: boolean, now: Date) {
  if (!windowStart || !confirmed) return true;
  return new Date(windowStart).getTime() - now.getTime() >= FREE_CANCEL_HOURS * 3_600_000;
}
