import { PAYMENT_HISTORY_PAGE_SIZES } from '@shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

/** Which page of the history is shown, how many rows a page holds, and moving between pages. */
export function PaymentHistoryPager({
  page,
  pageSize,
  total,
  busy,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Payment history pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p data-testid="history-range" aria-live="polite">
        Showing {from}–{to} of {total} · Page {page} of {pages}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="history-page-size">Rows per page</Label>
        <Select
          id="history-page-size"
          className="w-20"
          value={String(pageSize)}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {PAYMENT_HISTORY_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
