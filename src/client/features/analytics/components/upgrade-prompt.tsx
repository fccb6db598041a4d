import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { PlanRequired } from '../../../components/plan-required';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** Free and Basic: what the dashboard offers, and the way to the plans. */
export function AnalyticsUpgradePrompt({ message }: { message?: string }) {
  return (
    <PlanRequired
      icon={BarChart3}
      title="Premium plan required"
      message={`${message ?? 'The analytics dashboard is part of the Premium and Professional plans'}. With it you see:`}
      features={[
        'Jobs notified, accepted, declined and expired, and your acceptance rate',
        'How quickly you answer, and the jobs you completed each month',
        'Your revenue, average ticket and rating',
        'With Professional: revenue by payment method and month, ratings over time, response times and CSV export',
      ]}
    />
  );
}

/** Premium: the advanced part is Professional's; say what it adds. */
export function AdvancedTeaser() {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <p className="text-sm text-slate-700">
          <span className="font-semibold">Advanced analytics and reporting</span> come with the
          Professional plan: revenue by payment method and month, ratings over time, response times
          and CSV export.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={PATHS.platformPayment}>Upgrade to Professional</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
