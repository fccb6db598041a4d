import { cn } from '../lib/utils';

/**
 * How far a file upload has gone (0 to 100), as a thin bar with the progressbar role; while a
 * failed try waits to be retried, "Retrying…" under it.
 */
export function UploadProgress({
  value,
  label,
  retrying = false,
  className,
}: {
  value: number;
  /** The bar's accessible name, when the page holds several uploads. */
  label?: string;
  /** Waiting to try again after a failure the upload retries (sendFile). */
  retrying?: boolean;
  /** Where the bar sits and how wide it is (full width by default). */
  className?: string;
}) {
  return (
    <div className={cn('w-full', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 w-full overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
      </div>
      {retrying && (
        <p role="status" className="mt-1 text-xs text-muted-foreground">
          Retrying…
        </p>
      )}
    </div>
  );
}
