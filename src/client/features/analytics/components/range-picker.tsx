import { useId } from 'react';
import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@shared/analytics';
import { ANALYTICS_FIRST_DAY, ANALYTICS_LAST_DAY } from '@shared/schemas/analytics';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export type RangeState = { from: string; to: string; preset: AnalyticsPreset | null };

/** The date range: a preset, or any two dates (checked by the server: at most 2 years). */
export function RangePicker({
  value,
  onPreset,
  onDates,
}: {
  value: RangeState;
  onPreset: (preset: AnalyticsPreset) => void;
  onDates: (from: string, to: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Date range">
      <div className="flex flex-wrap gap-2">
        {ANALYTICS_PRESETS.map((p) => (
          <Button
            key={p.id}
            type="button"
            size="sm"
            variant={value.preset === p.id ? 'default' : 'outline'}
            aria-pressed={value.preset === p.id}
            onClick={() => onPreset(p.id)}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-40"
            value={value.from}
            min={ANALYTICS_FIRST_DAY}
            max={value.to}
            onChange={(e) => e.target.value && onDates(e.target.value, value.to)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-40"
            value={value.to}
            min={value.from}
            max={ANALYTICS_LAST_DAY}
            onChange={(e) => e.target.value && onDates(value.from, e.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
