import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { PATHS } from '@shared/paths';

/**
 * Shown when a screen fails to render or its code fails to load (for example an old tab
 * after a new release): a way forward instead of a blank page.
 */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertTriangle className="h-7 w-7 text-amber-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-foreground">Something went wrong</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            This page could not be displayed. Reloading usually fixes it.
          </p>
          {detail && (
            <p className="rounded-md bg-muted p-3 font-mono text-xs text-slate-700">{detail}</p>
          )}
          <div className="flex gap-3">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button variant="outline" asChild>
              <Link to={PATHS.home}>Back to Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
