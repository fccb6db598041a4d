import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../../lib/utils';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * 1 to 5 stars as a radio group: arrow keys move between stars, each star is labelled
 * ('4 stars, Very good'), and hovering previews the choice.
 */
export function StarInput({
  name,
  value,
  onChange,
  invalid,
  labelledBy,
  describedBy,
}: {
  name: string;
  value: number | null;
  onChange: (rating: number) => void;
  invalid?: boolean;
  /** The id of the visible label; 'Rating' when none. */
  labelledBy?: string;
  describedBy?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <div
      role="radiogroup"
      aria-label={labelledBy ? undefined : 'Rating'}
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="flex items-center gap-1"
      onMouseLeave={() => setHover(null)}
    >
      {LABELS.map((label, i) => {
        const n = i + 1;
        return (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${label}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'h-8 w-8 transition-colors',
                n <= shown ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
              )}
            />
          </label>
        );
      })}
      <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
        {shown ? LABELS[shown - 1] : ''}
      </span>
    </div>
  );
}
