import { CalendarClock, Car, ChevronRight, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ServiceRequestSummary } from '@shared/schemas/service-request-views';
import { myJobPath } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { TechnicianJobs } from '../api/get-technician-jobs';
import { formatWindow } from '@shared/service-time';
import { ServiceRequestStatusBadge } from '../../../components/service-request-status';
import { Pager } from '../../../components/pager';

export type JobsTab = 'active' | 'past';

/**
 * The technician's jobs: active ones first (accepted to in progress), then past ones; a page of
 * the open tab, searched by `q`, each tab's count being how many match.
 */
export function JobList({
  jobs,
  isLoading,
  tab,
  q,
  onTab,
  onSearch,
  onPage,
}: {
  jobs?: TechnicianJobs;
  isLoading: boolean;
  tab: JobsTab;
  q: string;
  onTab: (tab: JobsTab) => void;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <div className="space-y-3">
      <JobSearch key={q} q={q} onSearch={onSearch} />
      {isLoading || !jobs ? (
        <div className="space-y-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(v) => onTab(v === 'past' ? 'past' : 'active')}>
          <TabsList className="w-full justify-start">
            <TabsTrigger value="active">Active ({jobs.activeTotal})</TabsTrigger>
            <TabsTrigger value="past">Past ({jobs.pastTotal})</TabsTrigger>
          </TabsList>
          <TabsContent value="active">
            <Cards
              label="Active jobs"
              items={jobs.active}
              empty={
                q
                  ? `No active jobs match "${q}".`
                  : 'No active jobs. Jobs you accept from Job Notifications appear here.'
              }
            />
            <Pager
              label="Active jobs pages"
              page={jobs.page}
              pageSize={jobs.pageSize}
              total={jobs.activeTotal}
              onPage={onPage}
            />
          </TabsContent>
          <TabsContent value="past">
            <Cards
              label="Past jobs"
              items={jobs.past}
              empty={q ? `No past jobs match "${q}".` : 'No past jobs yet.'}
            />
            <Pager
              label="Past jobs pages"
              page={jobs.page}
              pageSize={jobs.pageSize}
              total={jobs.pastTotal}
              onPage={onPage}
            />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

/** The search box: sent on Enter or with the button; Clear brings the whole list back. */
function JobSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Input
        type="search"
        aria-label="Search jobs"
        placeholder="Reference, customer, service, location or vehicle"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="outline">
        Search
      </Button>
      {q && (
        <Button type="button" variant="ghost" onClick={() => onSearch('')}>
          Clear
        </Button>
      )}
    </form>
  );
}

function Cards({
  label,
  items,
  empty,
}: {
  label: string;
  items: ServiceRequestSummary[];
  empty: string;
}) {
  if (items.length === 0) return <p className="py-6 text-sm text-slate-500">{empty}</p>;
  return (
    <ul aria-label={label} className="space-y-3">
      {items.map((j) => (
        <li key={j.id}>
          <JobCard job={j} />
        </li>
      ))}
    </ul>
  );
}

function JobCard({ job }: { job: ServiceRequestSummary }) {
  return (
    <Link
      to={myJobPath(job.reference)}
      aria-label={`${job.serviceType} ${job.reference}`}
      className="flex items-center gap-3 rounded-lg border bg-white p-4 shadow-sm hover:bg-slate-50"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{job.serviceType}</span>
          <ServiceRequestStatusBadge status={job.status} />
        </div>
        <p className="text-sm text-slate-600">
          {job.reference} · {job.customerName}
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {job.location}
        </p>
        {job.vehicleInfo && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Car className="h-4 w-4 shrink-0" aria-hidden="true" /> {job.vehicleInfo}
          </p>
        )}
        {job.windowStart && job.windowEnd && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <CalendarClock className="h-4 w-4 shrink-0" aria-hidden="true" />
            {formatWindow(job.windowStart, job.windowEnd)}
          </p>
        )}
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}
