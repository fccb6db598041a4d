import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** Free and Basic: what the dashboard offers, and the way to the plans. */
export function AnalyticsUpgradePrompt({ message }: { message?: string }) {
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <BarChart3 className="h-5 w-5" aria-hidden="true" /> Premium plan required
        </p>
        <p className="text-slate-600">
          {message ?? 'The analytics dashboard is part of the Premium and Professional plans'}. With
          it you see:
        </p>
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          <li>Jobs notified, accepted, declined and expired, and your acceptance rate</li>
          <li>How quickly you answer, and the jobs you completed each month</li>
          <li>Your revenue, average ticket and rating</li>
          <li>
            With Professional: revenue by payment method and month, ratings over time, response
            times and CSV export
          </li>
        </ul>
        <Button asChild>
          <Link to={PATHS.platformPayment}>See Plans</Link>
        </Button>
      </CardContent>
    </Card>
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
