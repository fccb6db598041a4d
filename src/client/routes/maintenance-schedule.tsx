import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { ToolAccess } from '../features/tools/components/tool-access';
import { MaintenanceSchedule } from '../features/tools/components/maintenance-schedule';

export default function MaintenanceScheduleScreen() {
  const { open } = useAuthDialog();
  const { data: user } = useCurrentUser();
  return (
    <Page
      title="Maintenance Scheduler"
      intro={
        <>
          The routine services due at a mileage, from typical manufacturer intervals.{' '}
          <Link to={PATHS.repairSoftware} className="text-blue-700 underline">
            All repair tools
          </Link>
        </>
      }
    >
      <ToolAccess slug="maintenance-schedule" viewer={user?.id ?? null} onSignIn={open}>
        <MaintenanceSchedule />
      </ToolAccess>
    </Page>
  );
}
