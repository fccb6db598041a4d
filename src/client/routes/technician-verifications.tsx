import { NotYetAvailable } from '../components/page';

export default function TechnicianVerifications() {
  return <NotYetAvailable title="My Verifications" what="Credential verification" />;
}
