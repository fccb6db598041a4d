import type { ReactNode } from 'react';
import type { JobNotification } from '@shared/schemas/dispatch';

/** Recently answered jobs (accepted or declined); each opens the details dialog. */
export function RecentList({
  title,
  icon,
  items,
  empty,
  onOpen,
}: {
  title: string;
  icon: ReactNode;
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
