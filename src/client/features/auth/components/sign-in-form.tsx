import { useState, type FormEvent, type Ref } from 'react';
import type { CurrentUser } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { focusFirstError } from '../../../lib/focus-first-error';
import { notify } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';

const empty = { username: '', password: '' };

/**
 * The sign-in form's state, kept by the dialog (it outlives the tab being shown): what is typed,
 * whether a submit found required fields empty, and the request. `reset` empties it all.
 */
export function useSignInForm(onSignedIn: (user: CurrentUser) => void) {
  const [values, setValues] = useState(empty);
  // After a submit with required fields left empty, those fields are marked invalid (and the
  // first one gets focus) until filled in.
  const [tried, setTried] = useState(false);
  const signIn = useSignIn();
  // The server's answer (wrong password, locked out for N minutes) stays by the button.
  const failure = useFormError();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    failure.clear();
    if (!values.username.trim() || !values.password) {
      setTried(true);
      focusFirstError(e.currentTarget);
      const description = failure.report(null, 'Please enter both username and password.');
      notify({ title: 'Missing Information', description, variant: 'destructive' });
      return;
    }
    signIn.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: ({ user }) => {
          notify({ title: 'Welcome back!', description: 'Successfully signed in.' });
          onSignedIn(user);
        },
        onError: (err) =>
          notify({
            title: 'Sign In Failed',
            description: failure.report(err, 'Invalid credentials. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const reset = () => {
    setValues(empty);
    setTried(false);
    signIn.reset();
    failure.clear();
  };

  return { values, setValues, tried, pending: signIn.isPending, submit, reset, failure };
}

export type SignInFormState = ReturnType<typeof useSignInForm>;

/** Username and password, with the way to 'Forgot password?'. */
export function SignInForm({
  form,
  usernameRef,
  onForgot,
}: {
  form: SignInFormState;
  usernameRef: Ref<HTMLInputElement>;
  onForgot: () => void;
}) {
  const { values, setValues, tried } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <fieldset disabled={form.pending} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="signin-username">Username</Label>
          <Input
            ref={usernameRef}
            id="signin-username"
            autoComplete="username"
            value={values.username}
            aria-invalid={tried && !values.username.trim() ? true : undefined}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor="signin-password">Password</Label>
            <button
              type="button"
              className="min-h-6 text-xs text-blue-700 underline"
              onClick={onForgot}
            >
              Forgot password?
            </button>
          </div>
          <Input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            aria-invalid={tried && !values.password ? true : undefined}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
          />
        </div>
        <Button type="submit" className="w-full" aria-describedby={form.failure.describedBy}>
          {form.pending ? 'Signing In...' : 'Sign In'}
        </Button>
        <FormError id={form.failure.id} message={form.failure.message} />
      </fieldset>
    </form>
  );
}
