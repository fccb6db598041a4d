import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

/** The server's message for a failed action, shown as a toast too; returns it for inline use. */
export function reportActionError(err: unknown, title: string, fallback: string): string {
  const description = errorMessage(err, fallback);
  notify({ title, description, variant: 'destructive' });
  return description;
}

/** An action's failure under its button. */
export function ActionError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}
