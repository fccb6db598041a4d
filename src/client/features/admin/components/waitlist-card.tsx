import { Download } from 'lucide-react';
import { SERVICE_AREA_LABEL } from '@shared/constants/service-area';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatShortDate } from '../../../lib/dates';
import {
  SERVICE_AREA_WAITLIST_CSV,
  useServiceAreaWaitlist,
} from '../api/get-service-area-waitlist';

/** Where people outside the area are asking for us: the count by place, and the CSV export. */
export function WaitlistCard() {
  const list = useServiceAreaWaitlist();
  const entries = list.data ?? [];
  const byPlace = new Map<string, number>();
  for (const e of entries) {
    const place = e.place.replace(/ \d{5}$/, '');
    byPlace.set(place, (byPlace.get(place) ?? 0) + 1);
  }
  const top = [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting for Us</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-slate-600">
          People outside {SERVICE_AREA_LABEL} who asked to be e-mailed when we serve their place.
        </p>
        {list.isError ? (
          <p role="alert" className="text-red-700">
            We could not load the waiting list.
          </p>
        ) : list.isPending ? (
          <p className="text-slate-500">Loading…</p>
        ) : entries.length === 0 ? (
          <p>No one is waiting yet.</p>
        ) : (
          <>
            <p data-testid="waitlist-count">
              {entries.length} {entries.length === 1 ? 'person' : 'people'}, the latest on{' '}
              {formatShortDate(entries[0]!.consentedAt)}
            </p>
            <ul aria-label="Places most asked for" className="list-inside list-disc">
              {top.map(([place, n]) => (
                <li key={place}>
                  {place}: {n}
                </li>
              ))}
            </ul>
          </>
        )}
        <a
          href={SERVICE_AREA_WAITLIST_CSV}
          download
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
      </CardContent>
    </Card>
  );
}
