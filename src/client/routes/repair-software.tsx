import { NotYetAvailable } from '../components/page';

export default function RepairSoftware() {
  return <NotYetAvailable title="Free Repair Software" what="The repair software catalogue" />;
}
