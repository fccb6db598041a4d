import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { PATHS } from '@shared/paths';

/** Where a mistyped or outdated address lands: what happened, and the ways on from here. */
export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <Compass className="h-8 w-8 text-brand-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            We couldn't find that page. The link may be old or mistyped.
          </p>
          <nav aria-label="Ways on" className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to={PATHS.home} className="font-medium text-brand-600 hover:underline">
              Back to Home
            </Link>
            <Link to={PATHS.technicians} className="font-medium text-brand-600 hover:underline">
              Find a mechanic
            </Link>
            <Link to={PATHS.requestService} className="font-medium text-brand-600 hover:underline">
              Request service
            </Link>
          </nav>
        </CardContent>
      </Card>
    </div>
  );
}
