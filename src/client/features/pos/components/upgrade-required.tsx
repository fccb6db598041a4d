import { Lock } from 'lucide-react';
import { Page } from '../../../components/page';
import { PlanRequired } from '../../../components/plan-required';

/** The point of sale without the Professional plan: what it offers, and the way to the plans. */
export function UpgradeRequired({ message }: { message?: string }) {
  return (
    <Page title="Point of Sale System" className="max-w-3xl">
      <PlanRequired
        icon={Lock}
        title="Professional plan required"
        message={`${message ?? 'The point of sale is part of the Professional plan'}. With it you can:`}
        features={[
          'Create quotes with labor and parts, with tax worked out for you',
          "Take the customer's signature on your phone, or by e-mail",
          'Turn approved quotes into invoices',
          'Take card, cash, check and digital wallet payments and send receipts',
        ]}
      />
    </Page>
  );
}
