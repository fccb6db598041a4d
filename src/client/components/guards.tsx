import { Lock, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';
import { PATHS } from '@shared/paths';

/** Shown when a screen needs a signed-in user. */
export function AuthenticationRequired({
  onSignIn,
  hint,
}: {
  onSignIn: () => void;
  hint?: string;
}) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="space-y-4 pt-6">
          <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Authentication Required</h1>
          <p className="text-slate-600">Please sign in to access this page.</p>
          {hint && <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">{hint}</p>}
          <div className="flex justify-center gap-3">
            <Button onClick={onSignIn}>Sign In</Button>
            <Button variant="outline" asChild>
              <Link to={PATHS.home}>Back to Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** Shown when the signed-in user's role may not use a screen. */
export function AccessRequired({
  title,
  role,
  message,
}: {
  title: string;
  role: string;
  message: string;
}) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="space-y-4 pt-6">
          <ShieldAlert className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-slate-600">{message}</p>
          <p className="text-sm">
            Your current role: <strong className="capitalize">{role}</strong>
          </p>
          <Button variant="outline" asChild>
            <Link to={PATHS.home}>Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
