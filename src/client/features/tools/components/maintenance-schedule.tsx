import { formatCount } from '../../../lib/dates';
import { useState, type FormEvent } from 'react';
import {
  MAINTENANCE_MILEAGE_MESSAGE,
  MAINTENANCE_SERVICES,
  type MaintenanceService,
} from '@shared/schemas/tools';
import { MAX_MILEAGE } from '@shared/schemas/vehicles';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useMaintenanceSchedule, type MaintenanceRequest } from '../api/get-maintenance-schedule';

const miles = (n: number) => `${formatCount(n)} mi`;
const label = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A mileage (and optionally one service) in, the services due and the next due out. */
export function MaintenanceSchedule() {
  const [mileage, setMileage] = useState('');
  const [service, setService] = useState<MaintenanceService | ''>('');
  const [request, setRequest] = useState<MaintenanceRequest | null>(null);
  const [error, setError] = useState<string>();
  const schedule = useMaintenanceSchedule(request);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const digits = mileage.trim().replace(/,/g, '');
    if (!/^\d{1,7}$/.test(digits) || Number(digits) > MAX_MILEAGE)
      return setError(MAINTENANCE_MILEAGE_MESSAGE);
    setError(undefined);
    setRequest({ mileage: Number(digits), ...(service ? { service } : {}) });
  };

  const data = schedule.data;
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="maintenance-mileage">Mileage</Label>
          <Input
            id="maintenance-mileage"
            inputMode="numeric"
            value={mileage}
            placeholder="e.g. 60,000"
            aria-invalid={!!error}
            aria-describedby={error ? 'maintenance-mileage-error' : undefined}
            onChange={(e) => setMileage(e.target.value)}
          />
          <FieldError id="maintenance-mileage-error" message={error} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="maintenance-service">Service</Label>
          <Select
            id="maintenance-service"
            value={service}
            onChange={(e) => setService(e.target.value as MaintenanceService | '')}
          >
            <option value="">All services</option>
            {MAINTENANCE_SERVICES.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={schedule.isFetching}>
          Show schedule
        </Button>
      </form>
      <div aria-live="polite">
        {schedule.isFetching ? (
          <Skeleton className="h-40" />
        ) : schedule.error ? (
          <p role="alert" className="rounded-lg border border-dashed p-6 text-slate-600">
            {errorMessage(schedule.error, 'Could not load the schedule. Please try again.')}
          </p>
        ) : data ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">
              At {miles(data.mileage)}:{' '}
              {data.due.length === 0
                ? 'nothing is due now.'
                : `${data.due.length} service${data.due.length === 1 ? '' : 's'} due (within ${miles(data.dueWindowMiles)} of the interval).`}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-slate-500">
                  <tr>
                    <th className="py-2 pr-4 font-medium">Service</th>
                    <th className="py-2 pr-4 font-medium">Interval</th>
                    <th className="py-2 pr-4 font-medium">Next due</th>
                    <th className="py-2 font-medium">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((i) => (
                    <tr
                      key={i.service}
                      className="border-t align-top"
                      data-testid="maintenance-item"
                    >
                      <td className="py-2 pr-4 font-medium text-slate-900">
                        {i.name} {i.due && <Badge variant="warning">Due now</Badge>}
                      </td>
                      <td className="py-2 pr-4">
                        {miles(i.intervalMiles)} or {i.intervalMonths} months
                      </td>
                      <td className="py-2 pr-4">{miles(i.nextDueMiles)}</td>
                      <td className="py-2 text-slate-600">{i.notes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-slate-500">Source: {data.source}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
