import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { OfflineNotice } from '../components/offline-notice';
import { Page } from '../components/page';
import { useTechnicianJobs } from '../features/jobs/api/get-technician-jobs';
import { useJobUpdates } from '../features/jobs/api/job-stream';
import { JobList } from '../features/jobs/components/job-list';
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
  const jobs = useTechnicianJobs(!live);
  return (
    <Page
      title="My Jobs"
      intro={
        <>
          The jobs you accepted. New ones arrive from{' '}
          <Link className="text-primary underline" to={PATHS.technicianNotifications}>
            Job Notifications
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
      <JobList jobs={jobs.data} isLoading={jobs.isLoading} />
    </Page>
  );
}
