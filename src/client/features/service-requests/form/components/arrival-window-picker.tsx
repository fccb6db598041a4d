import { MAX_PICKED_WINDOWS } from '@shared/availability';
import { formatWindow } from '@shared/service-time';
import { useSettled } from '../../../../lib/use-settled';
import { cn } from '../../../../lib/utils';
import { useAvailability } from '../api/get-availability';

/** How many of the next windows the form offers at once. */
const SHOWN = 12;

/**
 * When the technician should come: as soon as possible, or up to three two-hour windows from the
 * next free ones (the chosen technician's, or those of qualified technicians near the place).
 * `value` holds the picked windows' start times (ISO), earliest first.
 */
export function ArrivalWindowPicker({
  serviceType,
  location,
  technicianId,
  value,
  onChange,
}: {
  serviceType: string;
  location: string;
  technicianId: number | null;
  value: { start: string; end: string }[];
  onChange: (windows: { start: string; end: string }[]) => void;
}) {
  const place = useSettled(location.trim(), 500);
  const offered = useAvailability(serviceType, place, technicianId);
  const windows = (offered.data ?? []).slice(0, SHOWN);
  const picked = new Set(value.map((w) => w.start));
  const full = value.length >= MAX_PICKED_WINDOWS;
  const toggle = (w: { start: string; end: string }) =>
    onChange(
      picked.has(w.start)
        ? value.filter((x) => x.start !== w.start)
        : [...value, { start: w.start, end: w.end }].sort((a, b) => a.start.localeCompare(b.start)),
    );
  const ready = serviceType !== '' && (technicianId !== null || place !== '');

  return (
    // min-w-0: a fieldset is as wide as its content by default, which would widen the form.
    <fieldset className="min-w-0 space-y-2 sm:col-span-2" aria-describedby="rs-windows-help">
      <legend className="text-sm font-medium text-slate-800">
        When should the technician come?
      </legend>
      <p id="rs-windows-help" className="text-xs text-slate-500">
        Pick up to {MAX_PICKED_WINDOWS} two-hour arrival windows (Eastern Time), or leave them all
        unpicked for as soon as possible. The first technician to accept is booked in the earliest
        one they are free in.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={value.length === 0}
          onClick={() => onChange([])}
          className={chip(value.length === 0)}
        >
          As soon as possible
        </button>
        {windows.map((w) => {
          const on = picked.has(w.start);
          return (
            <button
              key={w.start}
              type="button"
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => toggle(w)}
              className={chip(on)}
              data-testid="arrival-window"
            >
              {formatWindow(w.start, w.end)}
              {w.technicians !== undefined && w.technicians > 1 && (
                <span className="ml-1 text-xs opacity-75">({w.technicians} free)</span>
              )}
            </button>
          );
        })}
      </div>
      <p role="status" aria-live="polite" className="text-xs text-slate-600">
        {!ready
          ? 'Choose a service and a location to see open windows.'
          : offered.isError
            ? ''
            : offered.data && windows.length === 0
              ? 'No open windows in the next days: your request goes out as soon as possible.'
              : full
                ? `You picked ${MAX_PICKED_WINDOWS} windows, the most one request can hold.`
                : ''}
      </p>
    </fieldset>
  );
}

const chip = (on: boolean) =>
  cn(
    'rounded-full border px-3 py-1.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    on
      ? 'border-primary bg-primary text-primary-foreground'
      : 'border-slate-300 bg-card text-slate-800 hover:bg-slate-50',
  );
