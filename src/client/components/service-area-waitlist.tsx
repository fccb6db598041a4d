import { useId, useState } from 'react';
import { WAITLIST_CONSENT_TEXT } from '@shared/constants/service-area';
import { useJoinWaitlist } from '../lib/api/join-waitlist';
import { Button } from './ui/button';
import { FormError, useFormError } from './ui/form-error';
import { Input } from './ui/input';
import { Label } from './ui/label';

/**
 * 'Tell me when you do', under the answer for a place outside the service area: an e-mail
 * address and the consent the server keeps with it. `location` is the place as searched. A
 * group, not a form, so that it can sit inside another form (the request form's location).
 */
export function ServiceAreaWaitlist({
  location,
  email: initialEmail = '',
}: {
  location: string;
  email?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [consent, setConsent] = useState(false);
  const join = useJoinWaitlist();
  const failure = useFormError();

  if (join.isSuccess)
    return (
      <p role="status" className="text-sm text-green-800">
        {join.data.message}
      </p>
    );

  const send = () => {
    failure.clear();
    join.mutate(
      { email, location, consent: consent as true },
      {
        onError: (err) => failure.report(err, 'We could not save your address. Please try again.'),
      },
    );
  };

  return (
    <div
      role="group"
      aria-label="Tell me when you serve my area"
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
    >
      <p className="text-sm font-medium text-slate-900">Tell me when you do</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor={`${id}-email`} className="text-sm">
            Email
          </Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            // Enter sends this, never the form around it.
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              send();
            }}
          />
        </div>
        <Button
          type="button"
          onClick={send}
          variant="outline"
          disabled={join.isPending}
          aria-describedby={failure.describedBy}
        >
          {join.isPending ? 'Saving...' : 'Notify me'}
        </Button>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-consent`}
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <Label htmlFor={`${id}-consent`} className="text-sm font-normal">
          {WAITLIST_CONSENT_TEXT}
        </Label>
      </div>
      <FormError id={failure.id} message={failure.message} />
    </div>
  );
}
