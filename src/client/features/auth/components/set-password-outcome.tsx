import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { SET_PASSWORD_INVALID } from '@shared/schemas/set-password';
import { Button } from '../../../components/ui/button';
import { PATHS } from '@shared/paths';

/** After the password is saved: sign in with the username. */
export function PasswordSet({
  reset,
  username,
  onSignIn,
}: {
  reset: boolean;
  username: string | null;
  onSignIn: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden="true" />
      <p className="font-semibold">Password Set</p>
      <p className="text-slate-600">
        {reset ? (
          <>
            Your new password is saved and you were signed out everywhere. Sign in with your
            username <strong>{username}</strong>.
          </>
        ) : (
          <>
            Your password is saved. Sign in with your username <strong>{username}</strong> to start
            receiving jobs.
          </>
        )}
      </p>
      <Button onClick={onSignIn}>Sign In</Button>
    </div>
  );
}

/** A missing, used or expired link: where to get a new one. */
export function InvalidSetPasswordLink() {
  return (
    <div className="space-y-4 text-center">
      <XCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
      <p className="text-slate-700">{SET_PASSWORD_INVALID}.</p>
      <p className="text-sm text-slate-500">
        Use &lsquo;Forgot password?&rsquo; in the sign-in dialog for a new link, or ask our support
        team through the{' '}
        <Link className="text-blue-700 underline" to={PATHS.contactUs}>
          contact page
        </Link>
        .
      </p>
    </div>
  );
}
