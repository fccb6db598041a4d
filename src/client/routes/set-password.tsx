import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { linkToken } from '../features/auth/api/link-token';
import { useSetPassword, useSetPasswordCheck } from '../features/auth/api/set-password';
import { SetPasswordForm } from '../features/auth/components/set-password-form';
import {
  InvalidSetPasswordLink,
  PasswordSet,
} from '../features/auth/components/set-password-outcome';
import { useFormError } from '../components/ui/form-error';
import { notify } from '../lib/toast';

/**
 * Where the single-use links land: the approval e-mail's (the new technician chooses a
 * password) and the 'Forgot password?' e-mail's (choose a new one). The token comes from the
 * page URL's fragment and is only ever sent in POST bodies.
 */
export default function SetPassword() {
  const location = useLocation();
  const [token] = useState(() => linkToken(location));
  const { open } = useAuthDialog();
  const check = useSetPasswordCheck(token);
  const reset = check.data?.purpose === 'reset';
  const failure = useFormError();
  const save = useSetPassword({
    onError: (err) =>
      notify({
        title: 'Could Not Set Password',
        description: failure.report(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  let body;
  if (save.isSuccess) {
    body = <PasswordSet reset={reset} username={save.data.username} onSignIn={open} />;
  } else if (!token || check.isError) {
    body = <InvalidSetPasswordLink />;
  } else if (check.isLoading) {
    body = <Skeleton className="h-40" />;
  } else {
    body = (
      <SetPasswordForm
        check={check.data}
        saving={save.isPending}
        onSave={(password) => {
          failure.clear();
          save.mutate({ token, password });
        }}
        failure={failure}
      />
    );
  }

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <KeyRound className="h-5 w-5" aria-hidden="true" />
            {reset ? 'Choose a New Password' : 'Set Your Password'}
          </h1>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
