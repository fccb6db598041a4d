import { Bell, CheckCircle2, Clock, MapPin, Radio, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { JobNotification } from '@shared/schemas/job-notifications';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { Textarea } from '../components/ui/textarea';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import {
  countdown,
  useAnswerNotification,
  useJobNotifications,
  useJobNotificationStream,
  useNow,
} from '../features/notifications/api';
import { UrgencyBadge } from '../features/notifications/urgency-badge';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';

/** Recently accepted and recently declined jobs shown. */
const RECENT = 5;

export default function TechnicianNotifications() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired
        onSignIn={open}
        hint="Demo technician: username technician, password wrenchly-demo"
      />
    );
  if (user.role === 'customer')
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message="Job notifications are for technicians."
      />
    );
  if (user.technicianId === null)
    return (
      <Page title="Job Notifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Job notifications are delivered to technicians. Sign in with a technician account to
            receive and answer jobs; the{' '}
            <Link className="text-primary underline" to="/demo-notifications">
              demo page
            </Link>{' '}
            creates test requests.
          </CardContent>
        </Card>
      </Page>
    );
  return <NotificationBoard technicianId={user.technicianId} />;
}

function NotificationBoard({ technicianId }: { technicianId: number }) {
  const list = useJobNotifications(technicianId);
  const live = useJobNotificationStream(technicianId);
  const now = useNow();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const all = list.data ?? [];
  const pending = all.filter((n) => n.status === 'pending' && Date.parse(n.expiresAt) > now);
  const byAnswer = (a: JobNotification, b: JobNotification) =>
    Date.parse(b.respondedAt ?? b.createdAt) - Date.parse(a.respondedAt ?? a.createdAt);
  const accepted = all
    .filter((n) => n.status === 'accepted')
    .sort(byAnswer)
    .slice(0, RECENT);
  const declined = all
    .filter((n) => n.status === 'declined')
    .sort(byAnswer)
    .slice(0, RECENT);
  const selected = all.find((n) => n.id === selectedId) ?? null;

  return (
    <Page
      title="Job Notifications"
      intro="New service requests near you. Each one waits 5 minutes for an answer; the first technician to accept gets the job."
      actions={
        <Badge variant={live ? 'success' : 'outline'} className="gap-1">
          <Radio className="h-3 w-3" aria-hidden="true" />
          {live ? 'Live updates on' : 'Checking every 5 seconds'}
        </Badge>
      }
    >
      {list.isError && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          Failed to fetch notifications
        </p>
      )}
      <section aria-labelledby="pending-heading" className="mb-10">
        <h2 id="pending-heading" className="mb-4 flex items-center gap-2 text-xl font-semibold">
          <Bell className="h-5 w-5" aria-hidden="true" /> Pending ({pending.length})
        </h2>
        {list.isLoading ? (
          <Skeleton className="h-32" />
        ) : pending.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-slate-500">
            No pending job notifications. New requests appear here as soon as they are sent.
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {pending.map((n) => (
              <Card key={n.id} data-testid="pending-notification">
                <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
                  <div>
                    <CardTitle className="text-lg">{n.serviceRequest.serviceType}</CardTitle>
                    <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                      <MapPin className="h-4 w-4" aria-hidden="true" />
                      {n.serviceRequest.location}
                      {n.distanceMiles !== null && ` · ${n.distanceMiles.toFixed(1)} miles away`}
                    </p>
                  </div>
                  <UrgencyBadge urgency={n.serviceRequest.urgency} />
                </CardHeader>
                <CardContent className="space-y-3">
                  <p className="line-clamp-2 text-sm text-slate-700">
                    {n.serviceRequest.description.split('\n')[0]}
                  </p>
                  <div className="flex items-center justify-between">
                    <span
                      className="flex items-center gap-1 text-sm font-medium text-amber-700"
                      aria-label="Time left to respond"
                    >
                      <Clock className="h-4 w-4" aria-hidden="true" />
                      {countdown(n.expiresAt, now)} left
                    </span>
                    <Button size="sm" onClick={() => setSelectedId(n.id)}>
                      View Details
                    </Button>
                  </div>
                </CardContent>
              </Card>
            ))}
          </div>
        )}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <RecentList
          title="Recently Accepted"
          icon={<CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />}
          items={accepted}
          empty="No accepted jobs yet."
          onOpen={setSelectedId}
        />
        <RecentList
          title="Recently Declined"
          icon={<XCircle className="h-5 w-5 text-red-600" aria-hidden="true" />}
          items={declined}
          empty="No declined jobs."
          onOpen={setSelectedId}
        />
      </div>

      <NotificationDialog
        technicianId={technicianId}
        notification={selected}
        now={now}
        onClose={() => {
          setSelectedId(null);
          void list.refetch();
        }}
      />
    </Page>
  );
}

function RecentList({
  title,
  icon,
  items,
  empty,
  onOpen,
}: {
  title: string;
  icon: React.ReactNode;
  items: JobNotification[];
  empty: string;
  onOpen: (id: number) => void;
}) {
  return (
    <section aria-label={title}>
      <h2 className="mb-4 flex items-center gap-2 text-xl font-semibold">
        {icon} {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                onClick={() => onOpen(n.id)}
                className="w-full rounded-md border bg-white p-3 text-left hover:bg-slate-50"
              >
                <span className="font-medium">{n.serviceRequest.serviceType}</span>
                <span className="block text-sm text-slate-600">
                  {n.serviceRequest.location}
                  {n.respondedAt && ` · ${new Date(n.respondedAt).toLocaleString()}`}
                </span>
                {n.status === 'declined' && n.declineReason && (
                  <span className="block text-sm text-slate-500">Reason: {n.declineReason}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NotificationDialog({
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
  const { accept, decline } = useAnswerNotification(technicianId);
  const [reason, setReason] = useState('');
  const open = n !== null;
  const answerable = n?.status === 'pending' && Date.parse(n.expiresAt) > now;
  const busy = accept.isPending || decline.isPending;

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-w-lg">
        {n && (
          <>
            <DialogHeader>
              <DialogTitle>{n.serviceRequest.serviceType}</DialogTitle>
              <DialogDescription>Service request #{n.serviceRequest.id}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-500">Urgency</dt>
              <dd>
                <UrgencyBadge urgency={n.serviceRequest.urgency} />
              </dd>
              <dt className="font-medium text-slate-500">Location</dt>
              <dd>{n.serviceRequest.location}</dd>
              <dt className="font-medium text-slate-500">Preferred Date</dt>
              <dd>
                {n.serviceRequest.preferredDate
                  ? new Date(`${n.serviceRequest.preferredDate}T12:00:00`).toLocaleDateString()
                  : 'Flexible'}
              </dd>
              <dt className="font-medium text-slate-500">Customer</dt>
              <dd>
                {n.serviceRequest.customer.firstName} {n.serviceRequest.customer.lastName}
                <span className="block text-slate-600">{n.serviceRequest.customer.email}</span>
                {n.serviceRequest.customer.phone && (
                  <span className="block text-slate-600">{n.serviceRequest.customer.phone}</span>
                )}
              </dd>
              {n.serviceRequest.estimatedCost && (
                <>
                  <dt className="font-medium text-slate-500">Estimated Cost</dt>
                  <dd>${n.serviceRequest.estimatedCost}</dd>
                </>
              )}
            </dl>
            <div>
              <p className="mb-1 text-sm font-medium text-slate-500">Description</p>
              <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm">
                {n.serviceRequest.description}
              </p>
            </div>
            {answerable ? (
              <div className="space-y-3">
                <p className="flex items-center gap-1 text-sm font-medium text-amber-700">
                  <Clock className="h-4 w-4" aria-hidden="true" />
                  {countdown(n.expiresAt, now)} left to respond
                </p>
                <div className="space-y-1.5">
                  <Label htmlFor="decline-reason">Decline reason (optional)</Label>
                  <Textarea
                    id="decline-reason"
                    rows={2}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </div>
                <div className="flex justify-end gap-2">
                  <Button
                    variant="outline"
                    disabled={busy}
                    onClick={() =>
                      decline.mutate(
                        { id: n.id, declineReason: reason },
                        {
                          onSuccess: () => {
                            notify({
                              title: 'Job Declined',
                              description: 'The request will go to other technicians.',
                            });
                            close();
                          },
                          onError: (err) =>
                            notify({
                              title: 'Failed to decline job. Please try again.',
                              description: errorMessage(err, ''),
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
                  >
                    {decline.isPending ? 'Declining...' : 'Decline'}
                  </Button>
                  <Button
                    disabled={busy}
                    onClick={() =>
                      accept.mutate(n.id, {
                        onSuccess: () => {
                          notify({
                            title: 'Job Accepted!',
                            description: 'The customer has your contact details.',
                          });
                          close();
                        },
                        onError: (err) =>
                          notify({
                            title: 'Failed to accept job. Please try again.',
                            description: errorMessage(err, ''),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    {accept.isPending ? 'Accepting...' : 'Accept Job'}
                  </Button>
                </div>
              </div>
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
