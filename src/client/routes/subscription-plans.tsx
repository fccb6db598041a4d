import { Page } from '../components/page';
import { PlanCards } from '../features/billing/plan-cards';

export default function SubscriptionPlans() {
  return (
    <Page
      title="Subscription Plans"
      intro="A small monthly plan instead of commissions. Pick the one that fits your business."
    >
      <PlanCards />
    </Page>
  );
}
