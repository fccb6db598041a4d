import { Clock } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_SCHEDULE, WEEKDAYS, type WorkingDay } from '@shared/availability';
import { scheduleSchema, type ScheduleAnswer } from '@shared/schemas/availability';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveSchedule, useSchedule } from '../api/availability';
import { TimeOffSection } from './time-off-section';

/** Monday first on screen (the week a technician plans), Sunday (index 0) last. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * The technician's week (ADR 043): the hours they work each day on the service area's clock, the
 * travel time kept free around each job, and how many jobs a day they take. Customers pick
 * arrival windows from it; time off is kept below.
 */
export function WorkingHoursCard() {
  const schedule = useSchedule();
  return (
    <Card className="mt-6" role="region" aria-labelledby="working-hours-title">
      <CardHeader>
        <CardTitle id="working-hours-title" className="flex items-center gap-2">
          <Clock className="h-5 w-5" aria-hidden="true" /> Working hours
        </CardTitle>
        <p className="text-sm text-slate-600">
          Customers pick two-hour arrival windows within these hours (Eastern Time). Accepting a
          request books the window they picked.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        {schedule.isLoading ? (
          <Skeleton className="h-48" />
        ) : schedule.isError || !schedule.data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(schedule.error, 'Your working hours could not be loaded.')}
          </p>
        ) : (
          <WeekForm key={JSON.stringify(schedule.data)} saved={schedule.data} />
        )}
        <TimeOffSection />
      </CardContent>
    </Card>
  );
}

function WeekForm({ saved }: { saved: ScheduleAnswer }) {
  const [hours, setHours] = useState<WorkingDay[]>(saved.hours);
  const [buffer, setBuffer] = useState(String(saved.travelBufferMinutes));
  const [jobs, setJobs] = useState(String(saved.maxJobsPerDay));
  const save = useSaveSchedule();
  const failure = useFormError();
  const setDay = (d: number, value: WorkingDay) =>
    setHours(hours.map((h, i) => (i === d ? value : h)));

  const submit = () => {
    failure.clear();
    const parsed = scheduleSchema.safeParse({
      hours,
      travelBufferMinutes: Number(buffer),
      maxJobsPerDay: Number(jobs),
    });
    if (!parsed.success) return void failure.report(null, parsed.error.issues[0]!.message);
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: 'Working hours saved' }),
      onError: (err) => {
        const description = failure.report(err, 'Your working hours could not be saved.');
        notify({ title: 'Not saved', description, variant: 'destructive' });
      },
    });
  };

  return (
    <div className="space-y-4">
      <fieldset className="min-w-0 space-y-2">
        <legend className="sr-only">Hours per day</legend>
        {ORDER.map((d) => {
          const day = hours[d] ?? null;
          const name = WEEKDAYS[d];
          return (
            <div key={d} className="flex flex-wrap items-center gap-3">
              <label className="flex w-32 items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={day !== null}
                  onChange={(e) =>
                    setDay(d, e.target.checked ? (DEFAULT_SCHEDULE.hours[1] ?? null) : null)
                  }
                />
                {name}
              </label>
              {day ? (
                <>
                  <Input
                    type="time"
                    step={1800}
                    className="w-32"
                    aria-label={`${name} start`}
                    value={day.start}
                    onChange={(e) => setDay(d, { ...day, start: e.target.value })}
                  />
                  <span aria-hidden="true">–</span>
                  <Input
                    type="time"
                    step={1800}
                    className="w-32"
                    aria-label={`${name} end`}
                    value={day.end}
                    onChange={(e) => setDay(d, { ...day, end: e.target.value })}
                  />
                </>
              ) : (
                <span className="text-sm text-slate-500">Off</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="wh-buffer">Travel buffer (minutes)</Label>
          <Input
            id="wh-buffer"
            type="number"
            min={0}
            max={240}
            step={15}
            value={buffer}
            onChange={(e) => setBuffer(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="wh-jobs">Jobs a day (at most)</Label>
          <Input
            id="wh-jobs"
            type="number"
            min={1}
            max={12}
            value={jobs}
            onChange={(e) => setJobs(e.target.value)}
          />
        </div>
      </div>
      {saved.isDefault && (
        <p className="text-xs text-slate-500">
          These are the default hours until you save your own.
        </p>
      )}
      <FormError id={failure.id} message={failure.message} />
      <Button
        type="button"
        onClick={submit}
        disabled={save.isPending}
        aria-describedby={failure.describedBy}
      >
        {save.isPending ? 'Saving...' : 'Save working hours'}
      </Button>
    </div>
  );
}
