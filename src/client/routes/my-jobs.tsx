import { Link, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths';
import { OfflineNotice } from '../components/offline-notice';
import { Page } from '../components/page';
import { useTechnicianJobs } from '../features/jobs/api/get-technician-jobs';
import { useJobUpdates } from '../features/jobs/api/job-stream';
import { JobList, type JobsTab } from '../features/jobs/components/job-list';
import { LiveBadge } from '../features/jobs/components/live-badge';
import { RequireUser } from '../features/auth/components/require-user';

export default function MyJobs() {
  return (
    <RequireUser
      role="technician"
      hint="Demo technician: username technician, password wrenchly-demo"
      message="My Jobs is for technicians: the jobs you accepted."
    >
      {() => <Jobs />}
    </RequireUser>
  );
}

function Jobs() {
  const live = useJobUpdates();
  // The tab, the search and the page live in the URL (?tab=past&q=&page=2): reload and back keep them.
  const [params, setParams] = useSearchParams();
  const tab: JobsTab = params.get('tab') === 'past' ? 'past' : 'active';
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? 1)) || 1);
  const jobs = useTechnicianJobs({ q, page }, !live);
  const go = (next: { tab?: JobsTab; q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    const text = next.q ?? q;
    const n = next.page ?? 1;
    if (t === 'past') p.set('tab', 'past');
    if (text) p.set('q', text);
    if (n > 1) p.set('page', String(n));
    setParams(p);
  };
  return (
    <Page
      title="My Jobs"
      intro={
        <>
          The jobs you accepted. New ones arrive from{' '}
          <Link className="text-primary underline" to={PATHS.technicianNotifications}>
            Job Notifications
          </Link>
          ; the people they were for are under{' '}
          <Link className="text-primary underline" to={PATHS.myCustomers}>
            My Customers
          </Link>
          .
        </>
      }
      className="max-w-3xl"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <OfflineNotice syncedAt={jobs.dataUpdatedAt} />
          <LiveBadge live={live} />
        </div>
      }
    >
      {/* Offline, the jobs last synced stay on screen (ADR 013); the error is for having none. */}
      {jobs.isError && !jobs.data && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          Failed to load your jobs. Please try again.
        </p>
      )}
      <JobList
        jobs={jobs.data}
        isLoading={jobs.isLoading}
        tab={tab}
        q={q}
        // A new tab or search starts at its first page.
        onTab={(t) => go({ tab: t, page: 1 })}
        onSearch={(text) => go({ q: text, page: 1 })}
        // The next page starts at its first job, not where the pager was.
        onPage={(n) => {
          go({ page: n });
          window.scrollTo({ top: 0 });
        }}
      />
    </Page>
  );
}
