import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** Nothing happened in the range: say so instead of drawing empty charts. */
export function AnalyticsEmpty({ wholeHistory }: { wholeHistory: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Inbox className="h-10 w-10 text-slate-400" aria-hidden="true" />
        <h2 className="text-xl font-semibold">
          {wholeHistory ? 'No jobs yet' : 'No jobs in this period'}
        </h2>
        <p className="max-w-md text-slate-600">
          {wholeHistory
            ? 'Your figures appear here once you start answering job notifications, completing jobs and taking payments.'
            : 'Nothing was notified, completed, paid or reviewed between these dates. Try a longer range.'}
        </p>
        <Button asChild variant="outline">
          <Link to={PATHS.technicianNotifications}>Go to Job Notifications</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
