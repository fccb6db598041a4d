import type { ReactNode } from 'react';
import type { Technician } from '@shared/schemas/technicians';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TechnicianCard } from '../technician-card';

export const LIST_FAILED = 'We could not load technicians. Please try again.';

/** A list that did not load: why, and 'Try again' (refetches); `children` go under it. */
export function ListError({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-red-50 p-4 text-red-700"
      >
        <p>{message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
      {children}
    </div>
  );
}

/**
 * The X of 'Showing X of Y technicians': the page's count on the first page, the places of its
 * cards on a later one ('13–24'), so that page 2 never claims to show 1 of 13.
 */
export function shownCount(page: number, pageSize: number, count: number) {
  if (page <= 1 || count === 0) return String(count);
  const from = (page - 1) * pageSize + 1;
  const to = from + count - 1;
  return from === to ? String(from) : `${from}–${to}`;
}

/** The technician list's results: loading, error, empty, or cards with pagination. */
export function TechnicianResults({
  isLoading,
  error,
  errorAction,
  onRetry,
  items,
  total,
  page,
  pageSize,
  onPage,
  onClear,
  onContact,
}: {
  isLoading: boolean;
  /** The server's message for a bad search (e.g. 'Unknown ZIP code: 99999'), or the fallback. */
  error: string | null;
  /** What a visitor can do about the error (outside the service area: ask to hear when). */
  errorAction?: ReactNode;
  onRetry: () => void;
  items: Technician[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onClear: () => void;
  onContact: (t: Technician) => void;
}) {
  if (isLoading)
    return (
      <div
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading technicians"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-64" data-testid="technician-skeleton" />
        ))}
      </div>
    );
  if (error)
    return (
      <ListError message={error} onRetry={onRetry}>
        {errorAction}
      </ListError>
    );
  if (items.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
        <h2 className="text-lg font-semibold">No technicians found</h2>
        <p className="mt-1 text-slate-600">Try another service, location or distance.</p>
        <Button className="mt-4" variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
      </div>
    );
  return (
    <>
      {/* The results' heading: the cards' names (h3) sit under it. */}
      <h2 className="mb-4 text-sm font-normal text-slate-600" aria-live="polite">
        Showing {shownCount(page, pageSize, items.length)} of {total} technicians
      </h2>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((t) => (
          <TechnicianCard key={t.id} technician={t} onContact={onContact} />
        ))}
      </div>
      <Pager
        variant="centered"
        label="Pagination"
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={onPage}
      />
    </>
  );
}
