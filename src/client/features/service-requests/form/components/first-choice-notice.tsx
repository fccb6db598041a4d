import { UserCheck } from 'lucide-react';
import { LIMITS } from '@shared/constants/domain';
import { Button } from '../../../../components/ui/button';

/** How long the chosen technician has to answer: one notification's lifetime. */
const MINUTES = Math.round(LIMITS.notificationWindowMs / 60_000);

/**
 * Who a request from a technician's profile goes to first, and what happens when they cannot
 * take it; the customer may send it to everyone nearby instead.
 */
export function FirstChoiceNotice({
  name,
  onSendToAll,
}: {
  name: string;
  onSendToAll: () => void;
}) {
  return (
    <div
      className="space-y-2 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 sm:col-span-2"
      data-testid="first-choice-notice"
    >
      <p className="flex items-start gap-2">
        <UserCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Your request goes to <strong>{name}</strong> first. If they pass or don't answer within{' '}
          {MINUTES} minutes, we offer it to other qualified technicians nearby.
        </span>
      </p>
      {/* Wraps on a phone: a button does not by default, and this one is a sentence. */}
      <Button
        type="button"
        variant="link"
        className="h-auto whitespace-normal p-0 text-left"
        onClick={onSendToAll}
      >
        Send it to all nearby technicians instead
      </Button>
    </div>
  );
}

/** The technician in the link could not be found: the request goes to everyone nearby. */
export function FirstChoiceMissing() {
  return (
    <p
      role="status"
      className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:col-span-2"
    >
      We couldn't find the technician you chose. Your request will go to qualified technicians
      nearby.
    </p>
  );
}
