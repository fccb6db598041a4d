import { formatTimestamp } from '../../../../lib/dates';
import { useState, type ReactNode } from 'react';
import { PhoneLink } from '../../../../components/ui/phone-link';
import {
  SERVICE_REQUEST_MOVE_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  type ServiceRequestMove,
} from '@shared/service-request-rules';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { URGENCY_LABELS } from '@shared/constants/service-types';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ReasonDialog } from '../../../../components/reason-dialog';
import { errorMessage } from '../../../../lib/api-client';
import { FormError, reportActionError } from '../../../../components/ui/form-error';
import { notify } from '../../../../lib/toast';
import { ServiceRequestStatusBadge } from '../../../../components/service-request-status';
import { useConfirm } from '../../../../components/confirm-dialog';
import { useServiceRequest } from '../../api/get-service-request';
import { useServiceRequestMove } from '../../api/move-service-request';
import { RequestPhotos } from '../../../../components/request-photos';

const SYSTEM_MOVE_LABELS: Record<string, string> = {
  submit: 'Request submitted',
  dispatch_round: 'Dispatch round',
  accept: 'Accepted by a technician',
  unmatched: 'No technician found',
  redispatch: 'Dispatched again',
};
const moveLabel = (move: string) =>
  SYSTEM_MOVE_LABELS[move] ?? SERVICE_REQUEST_MOVE_LABELS[move as ServiceRequestMove] ?? move;
const when = (iso: string) => formatTimestamp(iso);
/** 'Accepted by a technician → Accepted'; a move named like the status it led to, once. */
const timelineLine = (move: string, to: ServiceRequestDetail['status']) => {
  const label = moveLabel(move);
  const status = SERVICE_REQUEST_STATUS_LABELS[to];
  return label === status ? label : `${label} → ${status}`;
};

/**
 * One request as the admin sees it: timeline, notifications per round, re-dispatch, cancel.
 * `onMoved`: what the admin area refreshes after a move (awaited before the move settles).
 */
export function ServiceRequestDialog({
  reference,
  onClose,
  onMoved,
}: {
  reference: string | null;
  onClose: () => void;
  onMoved?: () => unknown;
}) {
  return (
    <Dialog open={reference !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {reference && <Detail reference={reference} onMoved={onMoved} />}
      </DialogContent>
    </Dialog>
  );
}

function Detail({ reference, onMoved }: { reference: string; onMoved?: () => unknown }) {
  const detail = useServiceRequest({ reference });
  const move = useServiceRequestMove({ reference }, onMoved);
  const [canceling, setCanceling] = useState(false);
  const confirm = useConfirm();
  // The server's refusal, by the action's buttons (or in the cancel dialog) until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const d = detail.data;
  const run = (body: Parameters<typeof move.mutate>[0], success: string, after?: () => void) => {
    setFailure(null);
    move.mutate(body, {
      onSuccess: () => {
        notify({ title: success, description: reference });
        after?.();
      },
      onError: (err) => setFailure(reportActionError(err, 'Action failed', 'Please try again.')),
    });
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {reference}
          {d && <ServiceRequestStatusBadge status={d.status} />}
        </DialogTitle>
        <DialogDescription>
          {d
            ? `${d.serviceType} · ${d.location}`
            : detail.isError
              ? 'This request could not be loaded.'
              : 'Loading the request…'}
        </DialogDescription>
      </DialogHeader>
      {detail.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(detail.error, 'Could not load this request.')}
        </p>
      ) : !d ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="space-y-5 text-sm">
          <Facts d={d} />
          {(d.actions.includes('retry_dispatch') || d.actions.includes('cancel')) && (
            <div className="flex flex-wrap gap-2">
              {d.actions.includes('retry_dispatch') && (
                <Button
                  disabled={move.isPending}
                  onClick={() =>
                    confirm.ask({
                      title: `Re-dispatch ${reference}?`,
                      description:
                        'Up to 5 qualified technicians nearby are notified again, and the customer sees the search start over.',
                      confirmLabel: 'Re-dispatch',
                      onConfirm: async () => {
                        setFailure(null);
                        try {
                          await move.mutateAsync({ move: 'retry_dispatch' });
                          notify({ title: 'Request re-dispatched', description: reference });
                          return null;
                        } catch (err) {
                          return errorMessage(err, 'Failed to re-dispatch. Please try again.');
                        }
                      },
                    })
                  }
                >
                  Re-dispatch
                </Button>
              )}
              {d.actions.includes('cancel') && (
                <Button
                  variant="destructive"
                  disabled={move.isPending}
                  onClick={() => {
                    setFailure(null);
                    setCanceling(true);
                  }}
                >
                  Cancel request
                </Button>
              )}
            </div>
          )}
          {!canceling && <FormError message={failure} />}
          <Timeline d={d} />
          <Notifications d={d} />
        </div>
      )}
      {confirm.dialog}
      <ReasonDialog
        open={canceling}
        title={`Cancel ${reference}?`}
        description="The customer and the technician are told. This cannot be undone."
        confirmLabel="Cancel request"
        pendingLabel="Cancel request"
        destructive
        maxLength={500}
        missing="Please give a reason"
        pending={move.isPending}
        error={canceling ? (failure ?? undefined) : undefined}
        onClose={() => {
          setFailure(null);
          setCanceling(false);
        }}
        onConfirm={(reason) =>
          run({ move: 'cancel', reason }, 'Request canceled', () => setCanceling(false))
        }
      />
    </>
  );
}

function Facts({ d }: { d: ServiceRequestDetail }) {
  const rows: [string, ReactNode][] = [
    [
      'Customer',
      <>
        {[d.customer.name, d.customer.email].filter(Boolean).join(' · ')}
        {d.customer.phone && (
          <>
            {' · '}
            <PhoneLink phone={d.customer.phone} />
          </>
        )}
      </>,
    ],
    ['Problem', d.problem],
    ['Photos', d.photos.length > 0 ? <RequestPhotos photos={d.photos} /> : null],
    ['Vehicle', d.vehicleInfo],
    ['Urgency', URGENCY_LABELS[d.urgency]],
    ['Technician', d.technician?.name ?? null],
    ['Arrival window', d.window ? `${when(d.window.start)} – ${when(d.window.end)}` : null],
    [
      'Dispatch',
      `Round ${d.dispatch.round} of ${d.dispatch.rounds} · ${d.dispatch.notifiedTotal} notified`,
    ],
    ['Cancel reason', d.cancelReason],
    ['Created', when(d.createdAt)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function Timeline({ d }: { d: ServiceRequestDetail }) {
  return (
    <section aria-labelledby="admin-timeline">
      <h3 id="admin-timeline" className="mb-2 font-semibold">
        Timeline
      </h3>
      {d.timeline.length === 0 ? (
        <p className="text-slate-600">No moves yet.</p>
      ) : (
        <ol className="space-y-2 border-l pl-4">
          {d.timeline.map((e) => (
            <li key={e.id}>
              <p className="font-medium">{timelineLine(e.move, e.toStatus)}</p>
              <p className="text-slate-500">
                {when(e.at)} · {e.actorName ?? (e.actor === 'system' ? 'Wrenchly' : e.actor)}
              </p>
              {e.note && <p className="text-slate-700">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Notifications({ d }: { d: ServiceRequestDetail }) {
  const all = d.notifications ?? [];
  const rounds = [...new Set(all.map((n) => n.round))].sort((a, b) => a - b);
  return (
    <section aria-labelledby="admin-notifications">
      <h3 id="admin-notifications" className="mb-2 font-semibold">
        Notifications
      </h3>
      {rounds.length === 0 ? (
        <p className="text-slate-600">No technician was notified.</p>
      ) : (
        rounds.map((round) => (
          <div key={round} className="mb-3">
            <h4 className="font-medium">
              {round === 0 ? "The customer's chosen technician (first, alone)" : `Round ${round}`}
            </h4>
            <ul className="divide-y">
              {all
                .filter((n) => n.round === round)
                .map((n) => (
                  <li key={n.technicianId} className="py-1.5">
                    <span className="font-medium">{n.technicianName}</span> ·{' '}
                    <span className="capitalize">{n.status}</span>
                    {n.distanceMiles !== null && ` · ${n.distanceMiles.toFixed(1)} mi`}
                    {n.declineReason && (
                      <span className="block text-slate-600">Declined: {n.declineReason}</span>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
