import { Download } from 'lucide-react';
import { useState } from 'react';
import { presetRange, todayIn, type AnalyticsPreset } from '@shared/analytics';
import type { AnalyticsSummary } from '@shared/schemas/analytics';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { analyticsExportUrl, useAnalyticsSummary } from '../api/get-summary';
import {
  RatingsChart,
  ResponseTimesChart,
  RevenueByMethodChart,
  RevenueByMonthChart,
} from './advanced-charts';
import { ActivityChart, OutcomesChart } from './basic-charts';
import { AnalyticsEmpty } from './empty-state';
import { RangePicker, type RangeState } from './range-picker';
import { StatTiles } from './stat-tiles';
import { AdvancedTeaser, AnalyticsUpgradePrompt } from './upgrade-prompt';

const isEmpty = (b: AnalyticsSummary['basic']) =>
  b.notifications.notified === 0 &&
  b.jobsCompleted === 0 &&
  b.revenue.tickets === 0 &&
  b.ratings.reviews === 0;

/** The technician's dashboard: a range, the basic figures and charts, and Professional's extras. */
export function AnalyticsDashboard() {
  const [range, setRange] = useState<RangeState>(() => ({
    ...presetRange('12m', todayIn(new Date())),
    preset: '12m',
  }));
  const summary = useAnalyticsSummary(range.from, range.to);
  const onPreset = (preset: AnalyticsPreset) =>
    setRange({ ...presetRange(preset, todayIn(new Date())), preset });

  if (summary.error instanceof ApiError && summary.error.status === 403)
    return <AnalyticsUpgradePrompt message={summary.error.serverMessage} />;

  const data = summary.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <RangePicker
          value={range}
          onPreset={onPreset}
          onDates={(from, to) => setRange({ from, to, preset: null })}
        />
        {data?.level === 'advanced' && !isEmpty(data.basic) && (
          <Button asChild variant="outline">
            <a href={analyticsExportUrl(range.from, range.to)} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        )}
      </div>
      {summary.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(summary.error, 'The figures could not be loaded. Please try again.')}
        </p>
      )}
      {!data && summary.isLoading && <Skeleton className="h-96" />}
      {data &&
        (isEmpty(data.basic) ? (
          <AnalyticsEmpty wholeHistory={range.preset === '12m'} />
        ) : (
          <div className="space-y-6" aria-busy={summary.isFetching}>
            <StatTiles basic={data.basic} />
            <div className="grid gap-6 lg:grid-cols-2">
              <ActivityChart basic={data.basic} />
              <OutcomesChart basic={data.basic} />
              {data.advanced && (
                <>
                  <RevenueByMonthChart advanced={data.advanced} />
                  <RevenueByMethodChart advanced={data.advanced} />
                  <RatingsChart advanced={data.advanced} />
                  <ResponseTimesChart advanced={data.advanced} />
                </>
              )}
            </div>
            {!data.advanced && <AdvancedTeaser />}
          </div>
        ))}
    </div>
  );
}
