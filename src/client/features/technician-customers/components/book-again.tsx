import { useState } from 'react';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { FormError, reportActionError } from '../../../components/ui/form-error';
import { Label } from '../../../components/ui/label';
import { useBookAgain } from '../api/book-again';

/** 'Book again': the customer gets a link to request this service, offered to you first. */
export function BookAgain({ id }: { id: number }) {
  const [service, setService] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const book = useBookAgain(id);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setSent(null);
        if (!service) return setError('Choose the service to invite them to book');
        book.mutate(service, {
          onSuccess: ({ sentTo }) => setSent(`Sent to ${sentTo}.`),
          onError: (err) =>
            setError(reportActionError(err, 'Could not send the invitation', 'Please try again.')),
        });
      }}
    >
      <Label htmlFor="book-again-service">Book again</Label>
      <div className="flex flex-wrap gap-2">
        <ServiceTypeSelect
          id="book-again-service"
          className="min-w-0 flex-1"
          placeholder="Choose a service"
          value={service}
          onChange={(e) => setService(e.target.value)}
        />
        <Button type="submit" disabled={book.isPending}>
          {book.isPending ? 'Sending...' : 'Send a booking link'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        They get an e-mail with a link to request it; the request comes to you first.
      </p>
      {sent && (
        <p role="status" className="text-sm text-green-800">
          {sent}
        </p>
      )}
      <FormError message={error} />
    </form>
  );
}
