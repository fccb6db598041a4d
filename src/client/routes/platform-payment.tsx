import { NotYetAvailable } from '../components/page';

export default function PlatformPayment() {
  return <NotYetAvailable title="Pay Fees" what="Plan payments" />;
}
