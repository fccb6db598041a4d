import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths';
import { Page } from '../components/page';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { RequireUser } from '../features/auth/components/require-user';
import { CustomerDetail } from '../features/technician-customers/components/customer-detail';
import { CustomerList } from '../features/technician-customers/components/customer-list';

export default function MyCustomers() {
  return (
    <RequireUser
      role="technician"
      hint="Demo technician: username technician, password wrenchly-demo"
      message="My Customers is for technicians: the customers of your jobs."
    >
      {() => <Customers />}
    </RequireUser>
  );
}

function Customers() {
  // The search, the page and the open customer live in the URL: reload and back keep them.
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? 1)) || 1);
  const open = Number(params.get('customer')) || null;
  const [typed, setTyped] = useState(q);
  const go = (next: { q?: string; page?: number; customer?: number | null }) => {
    const p = new URLSearchParams();
    const text = next.q ?? q;
    if (text) p.set('q', text);
    if ((next.page ?? page) > 1) p.set('page', String(next.page ?? page));
    const customer = next.customer === undefined ? open : next.customer;
    if (customer) p.set('customer', String(customer));
    setParams(p);
  };
  return (
    <Page
      title="My Customers"
      intro={
        <>
          The people whose jobs you held, from{' '}
          <Link className="text-primary underline" to={PATHS.myJobs}>
            My Jobs
          </Link>
          : their contact, vehicles, jobs and what they owe you.
        </>
      }
      className="max-w-3xl"
    >
      {open ? (
        <CustomerDetail id={open} onClose={() => go({ customer: null })} />
      ) : (
        <div className="space-y-4">
          <form
            role="search"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              go({ q: typed.trim(), page: 1 });
            }}
          >
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor="customer-search">Search customers</Label>
              <Input
                id="customer-search"
                type="search"
                value={typed}
                placeholder="Name, e-mail, phone or vehicle"
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
          </form>
          <CustomerList
            q={q}
            page={page}
            onPage={(n) => go({ page: n })}
            onOpen={(id) => go({ customer: id })}
          />
        </div>
      )}
    </Page>
  );
}
