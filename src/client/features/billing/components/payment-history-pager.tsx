import { PAYMENT_HISTORY_PAGE_SIZES } from '@shared/schemas/billing';
import { Pager } from '../../../components/pager';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

/** Which rows of the history are shown, how many a page holds, and moving between pages. */
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
    <Pager
      label="Payment history pages"
      page={page}
      pageSize={pageSize}
      total={total}
      busy={busy}
      onPage={onPage}
      always
      summary={
        <p data-testid="history-range" aria-live="polite">
          Showing {from}–{to} of {total} · Page {page} of {pages}
        </p>
      }
      controls={
        <>
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
        </>
      }
    />
  );
}
