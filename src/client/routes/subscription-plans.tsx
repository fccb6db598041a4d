import { NotYetAvailable } from '../components/page';

export default function SubscriptionPlans() {
  return <NotYetAvailable title="Subscription Plans" what="Plan selection" />;
}
