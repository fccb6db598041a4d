import { cn } from '../lib/utils';

/** How far a file upload has gone (0 to 100), as a thin bar with the progressbar role. */
export function UploadProgress({
  value,
  label,
  className,
}: {
  value: number;
  /** The bar's accessible name, when the page holds several uploads. */
  label?: string;
  /** Where the bar sits and how wide it is (full width by default). */
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn('h-2 w-full overflow-hidden rounded bg-muted', className)}
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
    </div>
  );
}
