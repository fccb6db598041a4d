import { formatCalendarDate } from '../../../lib/dates';
import { formatAmount } from '@shared/money';
import { PickedWindows } from '../../../components/picked-windows';
import { useState } from 'react';
import type { JobNotification } from '@shared/schemas/dispatch';
import { formatReference } from '@shared/service-request-rules';
import { descriptionWithoutContact } from '@shared/schemas/service-requests';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PhoneLink } from '../../../components/ui/phone-link';
import { distanceSuffix } from '../distance';
import { useAnswerNotification } from '../api/answer-notification';
import { AnswerNotificationForm, acceptButtonId } from './answer-notification-form';
import { UrgencyBadge } from './urgency-badge';

/** A notification's request in full; answerable while it is pending and not expired. */
export function NotificationDialog({
  technicianId,
  notification: n,
  now,
  onClose,
}: {
  technicianId: number;
  notification: JobNotification | null;
  now: number;
  onClose: () => void;
}) {
  const answer = useAnswerNotification(technicianId);
  const [reason, setReason] = useState('');
  const open = n !== null;
  const answerable = n?.status === 'pending' && Date.parse(n.expiresAt) > now;

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent
        className="max-w-lg"
        // Focus starts on Accept Job (the answer most often given), not the decline reason.
        onOpenAutoFocus={(e) => {
          const accept = n && document.getElementById(acceptButtonId(n.id));
          if (!accept) return;
          e.preventDefault();
          accept.focus();
        }}
      >
        {n && (
          <>
            <DialogHeader>
              <DialogTitle>{n.serviceRequest.serviceType}</DialogTitle>
              <DialogDescription>
                Service request {formatReference(n.serviceRequest.id)}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-500">Urgency</dt>
              <dd>
                <UrgencyBadge urgency={n.serviceRequest.urgency} />
              </dd>
              <dt className="font-medium text-slate-500">Location</dt>
              <dd>
                <span>{n.serviceRequest.location}</span>
                <span className="text-slate-600">{distanceSuffix(n.distanceMiles)}</span>
              </dd>
              <dt className="font-medium text-slate-500">Preferred Date</dt>
              <dd>
                {n.serviceRequest.preferredDate
                  ? formatCalendarDate(n.serviceRequest.preferredDate)
                  : 'Flexible'}
              </dd>
              <dt className="font-medium text-slate-500">Windows asked for</dt>
              <dd data-testid="picked-windows">
                <PickedWindows windows={n.serviceRequest.requestedWindows} />
              </dd>
              <dt className="font-medium text-slate-500">Customer</dt>
              <dd>
                <CustomerContact notification={n} />
              </dd>
              {n.serviceRequest.estimatedCost && (
                <>
                  <dt className="font-medium text-slate-500">Estimated Cost</dt>
                  <dd>{formatAmount(n.serviceRequest.estimatedCost)}</dd>
                </>
              )}
            </dl>
            <div>
              <p className="mb-1 text-sm font-medium text-slate-500">Description</p>
              <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm">
                {descriptionWithoutContact(n.serviceRequest.description)}
              </p>
            </div>
            {answerable ? (
              <AnswerNotificationForm
                answer={answer}
                notification={n}
                now={now}
                reason={reason}
                onReasonChange={setReason}
                onDone={close}
              />
            ) : (
              <p className="text-sm text-slate-600">
                Status: <strong className="capitalize">{n.status}</strong>
                {n.declineReason && ` · ${n.declineReason}`}
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The customer's name, e-mail and phone: the server sends them only while the job is this
 * technician's (accepted, still assigned); otherwise it says when they would be shown.
 */
function CustomerContact({ notification: n }: { notification: JobNotification }) {
  const c = n.serviceRequest.customer;
  if (!c)
    return (
      <span className="text-slate-600">
        {n.status === 'pending'
          ? 'Contact details are shown once you accept the job.'
          : 'Contact details are shown only to the technician doing the job.'}
      </span>
    );
  return (
    <>
      {c.firstName} {c.lastName}
      <a
        className="block min-h-6 text-slate-600 underline-offset-4 hover:underline"
        href={`mailto:${c.email}`}
      >
        {c.email}
      </a>
      {c.phone && <PhoneLink phone={c.phone} className="flex" />}
    </>
  );
}
