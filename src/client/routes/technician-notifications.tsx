import { NotYetAvailable } from '../components/page';

export default function TechnicianNotifications() {
  return <NotYetAvailable title="Job Notifications" what="Live job notifications" />;
}
