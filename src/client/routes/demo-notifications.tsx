import { NotYetAvailable } from '../components/page';

export default function DemoNotifications() {
  return <NotYetAvailable title="Demo Job Notifications" what="The demo request creator" />;
}
