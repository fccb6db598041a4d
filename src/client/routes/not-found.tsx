import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { PATHS } from '@shared/paths';

export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Did you forget to add the page to the router?
          </p>
          <Link
            to={PATHS.home}
            className="mt-6 inline-block text-sm font-medium text-brand-600 hover:underline"
          >
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
