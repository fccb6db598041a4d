import { FileQuestion, Lock, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { ApiError, errorMessage } from '../../../../lib/api-client';

/**
 * Why the request cannot be shown. The server answers a request you may not see like an
 * unknown one (404), so the page cannot tell them apart: it says what the visitor can do (sign
 * in, or open the link from the e-mail), whoever they are.
 */
export function ServiceRequestError({
  error,
  signedIn,
  withLink,
  onSignIn,
}: {
  error: unknown;
  signedIn: boolean;
  withLink: boolean;
  onSignIn: () => void;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  const notFound = status === 404 || status === 400;
  const [Icon, title, text] = notFound
    ? [
        FileQuestion,
        'Service request not found',
        withLink
          ? 'This link is not complete or not valid. Open the link from your e-mail again, or sign in to the account that made the request.'
          : signedIn
            ? 'Check the reference. If the request is yours, sign in with the account that made it, or open the link from your e-mail.'
            : 'If this request is yours, sign in or open the link from your e-mail.',
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
            {(status === 401 || (notFound && !signedIn)) && (
              <Button onClick={onSignIn}>Sign In</Button>
            )}
            <Button variant="outline" asChild>
              <Link to={PATHS.home}>Back to Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
