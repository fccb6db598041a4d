import { formatTimestamp } from '../../../lib/dates';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatReference } from '@shared/service-request-rules';
import { myJobPath } from '@shared/paths';
import type { JobNotification } from '@shared/schemas/dispatch';

const itemClass = 'block w-full rounded-md border bg-white p-3 text-left hover:bg-slate-50';

/**
 * Recently answered jobs (accepted or declined). Each opens the details dialog, or, with
 * `openJob`, the job's page (accepted ones: the technician's job at /my-jobs/:reference).
 */
export function RecentList({
  title,
  icon,
  items,
  empty,
  onOpen,
  openJob = false,
}: {
  title: string;
  icon: ReactNode;
  items: JobNotification[];
  empty: string;
  onOpen: (id: number) => void;
  openJob?: boolean;
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
              {openJob ? (
                <Link to={myJobPath(formatReference(n.serviceRequest.id))} className={itemClass}>
                  <Summary n={n} />
                </Link>
              ) : (
                <button type="button" onClick={() => onOpen(n.id)} className={itemClass}>
                  <Summary n={n} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Summary({ n }: { n: JobNotification }) {
  return (
    <>
      <span className="font-medium">{n.serviceRequest.serviceType}</span>
      <span className="block text-sm text-slate-600">
        {n.serviceRequest.location}
        {n.respondedAt && ` · ${formatTimestamp(n.respondedAt)}`}
      </span>
      {n.status === 'declined' && n.declineReason && (
        <span className="block text-sm text-slate-500">Reason: {n.declineReason}</span>
      )}
    </>
  );
}
