import { formatAmount } from '@shared/money';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/ui/button';
import { formatCalendarDate } from '../../../lib/dates';
import { CUSTOMERS_PAGE_SIZE, useTechnicianCustomers } from '../api/get-technician-customers';

/** A page of the technician's customers: newest job first, what they owe, a button to open one. */
export function CustomerList({
  q,
  page,
  onPage,
  onOpen,
}: {
  q: string;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}) {
  const customers = useTechnicianCustomers(q, page);
  if (customers.isPending) return <p className="text-slate-600">Loading your customers...</p>;
  if (customers.isError)
    return <p role="alert">We could not load your customers. Please try again.</p>;
  const { data, total } = customers.data;
  if (total === 0)
    return (
      <p className="rounded-md bg-slate-50 p-4 text-slate-700">
        {q ? `No customer matches "${q}".` : 'Customers appear here once you have accepted jobs.'}
      </p>
    );
  return (
    <div className="space-y-3">
      <ul className="divide-y rounded-md border bg-white" aria-label="Customers">
        {data.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-semibold">{c.name}</p>
              <p className="text-sm break-words text-slate-600">
                {[c.email, c.phone].filter(Boolean).join(' · ')}
              </p>
              <p className="text-sm text-slate-600">
                {c.jobs} {c.jobs === 1 ? 'job' : 'jobs'} · last {formatCalendarDate(c.lastJobAt)}
                {c.vehicles.length > 0 && ` · ${c.vehicles.join(', ')}`}
              </p>
            </div>
            <div className="flex items-center gap-3">
              {Number(c.balance) > 0 && (
                <span className="text-sm font-medium text-amber-800" data-testid="customer-balance">
                  Owes {formatAmount(c.balance)}
                </span>
              )}
              <Button variant="outline" size="sm" onClick={() => onOpen(c.id)}>
                Open {c.name}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={CUSTOMERS_PAGE_SIZE}
        total={total}
        onPage={onPage}
        label="Customer pages"
        busy={customers.isPlaceholderData}
      />
    </div>
  );
}
