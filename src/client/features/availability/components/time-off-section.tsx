import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { timeOffInputSchema } from '@shared/schemas/availability';
import { formatServiceTime, fromServiceInput } from '@shared/service-time';
import { Button } from '../../../components/ui/button';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { notify } from '../../../lib/toast';
import { useTimeOff, useTimeOffChanges } from '../api/availability';

/** Time off: no arrival window touching it is offered or booked. */
export function TimeOffSection() {
  const list = useTimeOff();
  const { add, remove } = useTimeOffChanges();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const failure = useFormError();

  const submit = () => {
    failure.clear();
    // Typed on the service area's clock, whatever the device's zone.
    const startsAt = fromServiceInput(from)?.toISOString() ?? from;
    const endsAt = fromServiceInput(to)?.toISOString() ?? to;
    const parsed = timeOffInputSchema.safeParse({ startsAt, endsAt, note: note || null });
    if (!parsed.success) return void failure.report(null, parsed.error.issues[0]!.message);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setFrom('');
        setTo('');
        setNote('');
        notify({ title: 'Time off added' });
      },
      onError: (err) => void failure.report(err, 'The time off could not be added.'),
    });
  };

  return (
    <section aria-labelledby="time-off-title" className="space-y-3 border-t pt-4">
      <h3 id="time-off-title" className="font-semibold">
        Time off
      </h3>
      {list.data && list.data.length > 0 ? (
        <ul className="space-y-2">
          {list.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {formatServiceTime(t.startsAt)} – {formatServiceTime(t.endsAt)}
                {t.note ? ` · ${t.note}` : ''}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Remove time off from ${formatServiceTime(t.startsAt)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(t.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No time off planned.</p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="to-from">From</Label>
          <Input
            id="to-from"
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="to-to">Until</Label>
          <Input
            id="to-to"
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="to-note">Note (only you see it)</Label>
          <Input
            id="to-note"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
      <FormError id={failure.id} message={failure.message} />
      <Button
        type="button"
        variant="outline"
        onClick={submit}
        disabled={add.isPending}
        aria-describedby={failure.describedBy}
      >
        Add time off
      </Button>
    </section>
  );
}
