import { Link } from 'react-router';
import type { PosPayment } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import { posReceiptPath } from '@shared/paths';

/**
 * A declined card payment: no money was taken, so it is no receipt. Say so, and link to the
 * attempt (listed under Failed attempts in Receipts).
 */
export function DeclinedNotice({ payment }: { payment: PosPayment }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900"
    >
      <span>
        Declined: {payment.failureMessage ?? 'The card was declined'}. No money was taken; the
        attempt is listed under Failed attempts.
      </span>
      <Button size="sm" variant="outline" asChild>
        <Link to={posReceiptPath(payment.id)}>View Attempt</Link>
      </Button>
    </div>
  );
}
