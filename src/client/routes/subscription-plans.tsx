import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useCurrentSubscription } from '../features/billing/api/get-current-subscription';
import { PlanCards } from '../features/billing/components/plan-cards';

export default function SubscriptionPlans() {
  const { data: user } = useCurrentUser();
  const current = useCurrentSubscription(user?.technicianId != null);
  return (
    <Page
      title="Subscription Plans"
      intro="A small monthly plan instead of commissions. Pick the one that fits your business."
    >
      <PlanCards subscription={current.data?.subscription} />
    </Page>
  );
}
