import { NotYetAvailable } from '../components/page';

export default function AdminVerifications() {
  return <NotYetAvailable title="Verification Management" what="Verification review" />;
}
