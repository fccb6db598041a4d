import { CheckCircle2, Radio, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { JobNotification } from '@shared/schemas/dispatch';
import { Page } from '../../../components/page';
import { Badge } from '../../../components/ui/badge';
import { useJobNotifications } from '../api/get-job-notifications';
import { useJobNotificationStream } from '../api/job-notification-stream';
import { useNow } from '../use-now';
import { NotificationDialog } from './notification-dialog';
import { PendingNotifications } from './pending-notifications';
import { RecentList } from './recent-list';

/** Recently accepted and recently declined jobs shown. */
const RECENT = 5;

/** The notification a link opens (`?notification=<id>`, e.g. a push notification's tap). */
const linkedId = (params: URLSearchParams) => {
  const id = Number(params.get('notification'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A technician's pending, accepted and declined jobs, live over the stream or polled.
 * `actions` go beside the heading, `children` above the lists.
 */
export function NotificationBoard({
  technicianId,
  actions,
  children,
}: {
  technicianId: number;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const list = useJobNotifications(technicianId);
  const live = useJobNotificationStream(technicianId);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const linked = linkedId(params);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // A link's notification shows until the dialog closes (which drops it from the address).
  const selectedId = linked ?? chosenId;
  const dropLink = () => {
    if (linked !== null) setParams({}, { replace: true });
  };
  const open = (id: number) => {
    dropLink();
    setChosenId(id);
  };

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
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          <Badge variant={live ? 'success' : 'outline'} className="gap-1">
            <Radio className="h-3 w-3" aria-hidden="true" />
            {live ? 'Live updates on' : 'Checking every 5 seconds'}
          </Badge>
        </div>
      }
    >
      {children}
      {list.isError && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          Failed to fetch notifications
        </p>
      )}
      <PendingNotifications items={pending} isLoading={list.isLoading} now={now} onOpen={open} />

      <div className="grid gap-8 md:grid-cols-2">
        <RecentList
          title="Recently Accepted"
          icon={<CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />}
          items={accepted}
          empty="No accepted jobs yet."
          onOpen={open}
          openJob
        />
        <RecentList
          title="Recently Declined"
          icon={<XCircle className="h-5 w-5 text-red-600" aria-hidden="true" />}
          items={declined}
          empty="No declined jobs."
          onOpen={open}
        />
      </div>

      <NotificationDialog
        technicianId={technicianId}
        notification={selected}
        now={now}
        onClose={() => {
          setChosenId(null);
          dropLink();
          void list.refetch();
        }}
      />
    </Page>
  );
}
