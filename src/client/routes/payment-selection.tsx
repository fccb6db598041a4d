import { NotYetAvailable } from '../components/page';

export default function PaymentSelection() {
  return <NotYetAvailable title="Payment Method" what="Payment selection" />;
}
