import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { SET_PASSWORD_INVALID } from '@shared/schemas/set-password';
import { useAuthDialog } from '../app/auth-dialog-context';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { FieldError } from '../components/ui/form';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { linkToken } from '../features/auth/api/link-token';
import { apiRequest, errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';

type Check = { valid: true; purpose: 'set' | 'reset'; email: string; username: string | null };
type Done = { message: string; username: string | null };

/**
 * Where the single-use links land: the approval e-mail's (the new technician chooses a
 * password) and the 'Forgot password?' e-mail's (choose a new one). The token comes from the
 * page URL's fragment and is only ever sent in POST bodies.
 */
export default function SetPassword() {
  const location = useLocation();
  const [token] = useState(() => linkToken(location));
  const { open } = useAuthDialog();
  const check = useQuery({
    queryKey: ['/api/auth/set-password/check', token],
    queryFn: () => apiRequest<Check>('POST', '/api/auth/set-password/check', { token }),
    enabled: token !== '',
    retry: false,
  });
  const reset = check.data?.purpose === 'reset';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: () => apiRequest<Done>('POST', '/api/auth/set-password', { token, password }),
    onError: (err) =>
      notify({
        title: 'Could Not Set Password',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 8) return setError('Password must be at least 8 characters');
    if (password !== confirm) return setError('Passwords do not match');
    setError(undefined);
    save.mutate();
  };

  let body;
  if (save.isSuccess) {
    body = (
      <div className="space-y-4 text-center">
        <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden="true" />
        <p className="font-semibold">Password Set</p>
        <p className="text-slate-600">
          {reset ? (
            <>
              Your new password is saved and you were signed out everywhere. Sign in with your
              username <strong>{save.data.username}</strong>.
            </>
          ) : (
            <>
              Your password is saved. Sign in with your username{' '}
              <strong>{save.data.username}</strong> to start receiving jobs.
            </>
          )}
        </p>
        <Button onClick={open}>Sign In</Button>
      </div>
    );
  } else if (!token || check.isError) {
    body = (
      <div className="space-y-4 text-center">
        <XCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
        <p className="text-slate-700">{SET_PASSWORD_INVALID}.</p>
        <p className="text-sm text-slate-500">
          Use &lsquo;Forgot password?&rsquo; in the sign-in dialog for a new link, or ask our
          support team through the{' '}
          <Link className="text-blue-700 underline" to="/contact-us">
            contact page
          </Link>
          .
        </p>
      </div>
    );
  } else if (check.isLoading) {
    body = <Skeleton className="h-40" />;
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          {reset ? 'Choose a new password for' : 'Welcome! Choose a password for'}{' '}
          <strong>{check.data?.email}</strong>
          {check.data?.username && (
            <>
              {' '}
              (username <strong>{check.data.username}</strong>)
            </>
          )}
          .
        </p>
        <div className="space-y-1.5">
          <Label htmlFor="sp-password">New Password</Label>
          <Input
            id="sp-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="sp-confirm">Confirm Password</Label>
          <Input
            id="sp-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <FieldError message={error} />
        </div>
        <Button type="submit" className="w-full" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
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
