import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { linkToken } from '../features/auth/api/link-token';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useVerifyEmail } from '../features/auth/api/verify-email';
import { errorMessage } from '../lib/api-client';
import { PATHS } from '@shared/paths';

/**
 * Where the registration e-mail's link lands: confirms the address (which also adds earlier
 * service requests made with it). The token comes from the fragment, sent in a POST body.
 */
export default function VerifyEmail() {
  const location = useLocation();
  const [token] = useState(() => linkToken(location));
  const verify = useVerifyEmail(token);
  const user = useCurrentUser();

  let body;
  if (verify.isSuccess) {
    body = (
      <div className="space-y-4 text-center">
        <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden="true" />
        <p className="font-semibold">E-mail Confirmed</p>
        <p className="text-slate-600">{verify.data.message}</p>
        {verify.data.signedIn ? (
          <>
            <p className="text-slate-600">You're signed in.</p>
            {user.data?.role === 'technician' ? (
              <Link className="text-blue-700 underline" to={PATHS.technicianProfile}>
                Go to your profile
              </Link>
            ) : (
              <Link className="text-blue-700 underline" to={PATHS.myRequests}>
                Go to My Requests
              </Link>
            )}
          </>
        ) : (
          <Link className="text-blue-700 underline" to={PATHS.home}>
            Back to Home
          </Link>
        )}
      </div>
    );
  } else if (!token || verify.isError) {
    body = (
      <div className="space-y-4 text-center">
        <XCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
        <p className="text-slate-700">
          {errorMessage(verify.error, 'This confirmation link is invalid or has expired')}.
        </p>
      </div>
    );
  } else {
    body = <Skeleton className="h-32" />;
  }

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <MailCheck className="h-5 w-5" aria-hidden="true" />
            Confirm Your E-mail
          </h1>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
