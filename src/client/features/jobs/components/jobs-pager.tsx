import { Button } from '../../../components/ui/button';

/** 'Page 2 of 5' with Previous and Next; nothing when everything fits on one page. */
export function JobsPager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pager pages, for screen readers ("Past jobs pages"). */
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2 text-sm">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(Math.max(1, Math.min(page - 1, pages)))}
      >
        Previous
      </Button>
      <span aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
