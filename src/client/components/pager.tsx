import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/**
 * The one pager of every list: Previous and Next around 'Page 2 of 5' (or a summary of the
 * caller's before them, with controls of its own such as rows per page), nothing when everything
 * fits on one page unless `always`. Previous from past the last page goes to the last.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
  busy = false,
  summary,
  controls,
  always = false,
  variant = 'compact',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pager pages, for screen readers ('Service requests pages'). */
  label: string;
  /** While the next page loads: Previous and Next wait. */
  busy?: boolean;
  /** Said in place of 'Page 2 of 5', before the buttons ('Showing 21–40 of 95 · Page 2 of 5'). */
  summary?: ReactNode;
  /** More controls beside the buttons (rows per page). */
  controls?: ReactNode;
  /** Shown even when everything fits on one page (with its summary). */
  always?: boolean;
  /** 'compact': small buttons across the list's width; 'centered': under a page of results. */
  variant?: 'compact' | 'centered';
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (!always && pages <= 1 && page <= 1) return null;
  const size = variant === 'compact' ? 'sm' : 'default';
  const buttons = (
    <>
      <Button
        variant="outline"
        size={size}
        disabled={busy || page <= 1}
        onClick={() => onPage(Math.max(1, Math.min(page - 1, pages)))}
      >
        Previous
      </Button>
      {summary === undefined && (
        <span aria-live="polite" className={cn(variant === 'centered' && 'text-slate-600')}>
          Page {Math.min(page, pages)} of {pages}
        </span>
      )}
      <Button
        variant="outline"
        size={size}
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </>
  );
  return (
    <nav
      aria-label={label}
      className={cn(
        'flex items-center gap-3 text-sm',
        variant === 'compact' ? 'flex-wrap justify-between pt-2' : 'mt-8 justify-center',
      )}
    >
      {summary}
      {controls ? (
        <div className="flex flex-wrap items-center gap-2">
          {controls}
          {buttons}
        </div>
      ) : (
        buttons
      )}
    </nav>
  );
}
