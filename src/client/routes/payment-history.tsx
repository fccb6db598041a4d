import { NotYetAvailable } from '../components/page';

export default function PaymentHistory() {
  return <NotYetAvailable title="Payment History" what="Payment history" />;
}
