import { useState } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '@shared/money';
import { myJobPath } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, reportActionError } from '../../../components/ui/form-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { formatCalendarDate } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { useTechnicianCustomer } from '../api/get-technician-customer';
import { useUpdateCustomerNotes } from '../api/update-customer-notes';
import { BookAgain } from './book-again';

/** One customer: contact, vehicles, their jobs with you and your invoices, your private notes. */
export function CustomerDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const customer = useTechnicianCustomer(id);
  if (customer.isPending) return <p className="text-slate-600">Loading the customer...</p>;
  if (customer.isError) return <p role="alert">This customer is not one of yours.</p>;
  const c = customer.data;
  return (
    <Card role="region" aria-labelledby="customer-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="customer-heading">{c.name}</CardTitle>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Back to the list
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">E-mail</dt>
            <dd className="break-words">{c.email ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Phone</dt>
            <dd>{c.phone ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Vehicles</dt>
            <dd>{c.vehicles.join(', ') || '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Balance</dt>
            <dd>{formatAmount(c.balance)}</dd>
          </div>
        </dl>
        <section aria-labelledby="history-heading" className="space-y-2">
          <h3 id="history-heading" className="font-semibold">
            Jobs with you
          </h3>
          <ul className="space-y-2 text-sm">
            {c.history.map((h) => (
              <li key={h.reference} className="rounded-md border p-2">
                <Link className="font-medium text-primary underline" to={myJobPath(h.reference)}>
                  {h.reference}
                </Link>{' '}
                · {h.serviceType} · {h.status.replace('_', ' ')} · {formatCalendarDate(h.createdAt)}
                {h.vehicle && ` · ${h.vehicle}`}
                {h.invoices.map((i) => (
                  <span key={i.invoiceNumber} className="block text-slate-600">
                    {i.invoiceNumber}: {formatAmount(i.total)}
                    {Number(i.balance) > 0 ? `, ${formatAmount(i.balance)} due` : ', paid'}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>
        <BookAgain id={id} />
        <Notes key={c.notes ?? ''} id={id} initial={c.notes ?? ''} />
      </CardContent>
    </Card>
  );
}

function Notes({ id, initial }: { id: number; initial: string }) {
  const [notes, setNotes] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateCustomerNotes(id);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate(notes.trim(), {
          onSuccess: () => notify({ title: 'Notes saved' }),
          onError: (err) =>
            setError(reportActionError(err, 'Could not save the notes', 'Please try again.')),
        });
      }}
    >
      <Label htmlFor="customer-notes">Your notes (only you see them)</Label>
      <Textarea
        id="customer-notes"
        value={notes}
        maxLength={5000}
        onChange={(e) => setNotes(e.target.value)}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save notes'}
      </Button>
      <FormError message={error} />
    </form>
  );
}
