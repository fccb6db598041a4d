import type { TimelineEntry } from '@shared/schemas/service-request-views';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatDateTime } from '../format';
import { timelineLabel } from '../timeline';

/** The request's moves with who made them and when, oldest first. */
export function ServiceRequestTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing has happened yet.</p>
        ) : (
          <ol className="relative space-y-4 border-l pl-5" aria-label="Timeline">
            {entries.map((e) => (
              <li key={e.id} className="relative" data-testid="timeline-entry">
                <span
                  aria-hidden="true"
                  className="absolute -left-[1.6rem] top-1.5 h-2.5 w-2.5 rounded-full bg-primary"
                />
                <p className="font-medium text-slate-900">{timelineLabel(e)}</p>
                <p className="text-xs text-slate-500">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  {e.actorName && <> · {e.actorName}</>}
                </p>
                {e.note && <p className="mt-1 text-sm text-slate-700">{e.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
