import { FileQuestion, Lock, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** Why the request cannot be shown: not found (404), no sign-in or link (401), refused (403). */
export function RequestError({ error, onSignIn }: { error: unknown; onSignIn: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const [Icon, title, text] =
    status === 404 || status === 400
      ? [
          FileQuestion,
          'Service request not found',
          'Check the link or the reference and try again.',
        ]
      : status === 401
        ? [Lock, 'Sign in to see this request', 'Sign in or open the link from your e-mail']
        : status === 403
          ? [
              ShieldAlert,
              'Access denied',
              errorMessage(error, 'You do not have access to this request.'),
            ]
          : [
              ShieldAlert,
              'Something went wrong',
              errorMessage(error, 'The request could not be loaded. Please try again.'),
            ];
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="space-y-4 pt-6">
          <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-slate-600">{text}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {status === 401 && <Button onClick={onSignIn}>Sign In</Button>}
            <Button variant="outline" asChild>
              <Link to={PATHS.home}>Back to Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
