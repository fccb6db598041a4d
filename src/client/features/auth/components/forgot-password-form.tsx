import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';

/** The 'Forgot password?' form's state, kept by the dialog: the e-mail typed and the request. */
export function useForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();
  const failure = useFormError();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      notify({
        title: 'Missing Information',
        description: failure.report(null, 'Please enter a valid email address'),
        variant: 'destructive',
      });
      return;
    }
    forgot.mutate(email.trim(), {
      onError: (err) =>
        notify({
          title: 'Could Not Send Link',
          description: failure.report(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const reset = () => {
    setEmail('');
    forgot.reset();
    failure.clear();
  };

  return { email, setEmail, request: forgot, submit, reset, failure };
}

export type ForgotPasswordFormState = ReturnType<typeof useForgotPasswordForm>;

/**
 * In place of the sign-in form: the account's e-mail address to send a reset link to, then the
 * server's answer. `onBack` returns to signing in.
 */
export function ForgotPasswordForm({
  form,
  onBack,
}: {
  form: ForgotPasswordFormState;
  onBack: () => void;
}) {
  const { request } = form;
  if (request.isSuccess)
    return (
      <div className="space-y-4" role="status">
        <p className="text-sm text-slate-700">{request.data.message}</p>
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => {
            onBack();
            request.reset();
          }}
        >
          Back to Sign In
        </Button>
      </div>
    );
  return (
    <form onSubmit={form.submit} noValidate>
      <fieldset disabled={request.isPending} className="space-y-4">
        <p className="text-sm text-slate-600">
          Enter the e-mail address of your account. We'll send you a link to choose a new password.
        </p>
        <div className="space-y-1.5">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => form.setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" aria-describedby={form.failure.describedBy}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <FormError id={form.failure.id} message={form.failure.message} />
        <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
          Back to Sign In
        </Button>
      </fieldset>
    </form>
  );
}
