import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import type { ToolSlug } from '@shared/tools';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTools } from '../api/get-tools';

/**
 * A tool's page body: the tool when the caller may use it (the server's catalogue says so, by
 * the same rule its API enforces), a sign-in prompt for a visitor, an upgrade prompt below the
 * plan. The page itself is open to everyone: nothing is downloaded.
 */
export function ToolAccess({
  slug,
  viewer,
  onSignIn,
  children,
}: {
  slug: ToolSlug;
  /** The signed-in user's id, null for a visitor. */
  viewer: number | null;
  onSignIn: () => void;
  children: ReactNode;
}) {
  const { data, isLoading } = useTools(viewer);
  const tool = data?.items.find((t) => t.slug === slug);
  if (isLoading || !data || !tool) return <Skeleton className="h-40" />;
  if (tool.unlocked) return <>{children}</>;
  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="tool-locked">
      <CardContent className="space-y-4 pt-6">
        <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        {data.signedIn ? (
          <>
            <h2 className="text-xl font-semibold">
              The {tool.name} needs the {tool.requiredPlan} plan
            </h2>
            <p className="text-slate-600">
              Your plan: {data.currentPlan}. Upgrade to use it here, with nothing to install.
            </p>
            <Button asChild>
              <Link to={PATHS.platformPayment}>See plans</Link>
            </Button>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold">Sign in to use the {tool.name}</h2>
            <p className="text-slate-600">
              Technicians use it from the {tool.requiredPlan} plan up; nothing to install.
            </p>
            <Button onClick={onSignIn}>Sign In</Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
