import { useState } from 'react';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError } from '../../../../components/ui/form';
import { FormError } from '../../../../components/ui/form-error';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useServiceRequestMove } from '../../api/move-service-request';
import { windowFromInputs } from '../window-input';
import { focusFirstError } from '../../../../lib/focus-first-error';

type Errors = { date?: string; start?: string; end?: string; form?: string };

/** The arrival window the technician proposes; the customer confirms or declines it. */
export function WindowForm({ job }: { job: ServiceRequestDetail }) {
  const move = useServiceRequestMove({ reference: job.reference });
  const [date, setDate] = useState(job.preferredDate ?? '');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const w = windowFromInputs({ date, start, end }, new Date());
    if (!w.ok) {
      focusFirstError(e.currentTarget);
      return setErrors(w.errors);
    }
    setErrors({});
    move.mutate(
      { move: 'propose_window', windowStart: w.windowStart, windowEnd: w.windowEnd },
      {
        onSuccess: () => {
          notify({
            title: 'Arrival window proposed',
            description: 'The customer is asked to confirm it.',
          });
          setStart('');
          setEnd('');
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to propose the window. Please try again.');
          // Inline whatever the cause, until the next attempt; a toast too when it is ours.
          setErrors({ form: message });
          if (!(err instanceof ApiError) || err.status >= 500)
            notify({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const field = (
    id: keyof Omit<Errors, 'form'>,
    label: string,
    type: 'date' | 'time',
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`window-${id}`}>{label}</Label>
      <Input
        id={`window-${id}`}
        type={type}
        value={value}
        aria-invalid={!!errors[id]}
        aria-describedby={errors[id] ? `window-${id}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      <FieldError id={`window-${id}-error`} message={errors[id]} />
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {job.window ? 'Propose a new arrival window' : 'Propose arrival window'}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Arrival window">
          <div className="grid gap-4 sm:grid-cols-3">
            {field('date', 'Date', 'date', date, setDate)}
            {field('start', 'From', 'time', start, setStart)}
            {field('end', 'To', 'time', end, setEnd)}
          </div>
          <p className="text-sm text-muted-foreground" data-testid="window-zone">
            Times are Eastern time (New York), the service area&apos;s clock.
          </p>
          <Button
            type="submit"
            disabled={move.isPending}
            aria-describedby={errors.form ? 'window-form-error' : undefined}
          >
            {move.isPending ? 'Sending...' : 'Propose window'}
          </Button>
          <FormError id="window-form-error" message={errors.form} />
        </form>
      </CardContent>
    </Card>
  );
}
