import { Search, ShieldCheck, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PATHS } from '@shared/paths';
import type { MarketplaceStats } from '@shared/schemas/technicians';
import { statsBadgeText } from '../stats-badge';

export type HeroStats = MarketplaceStats;

/** The home page's banner; `children` is shown beside the pitch (the quick search). */
export function Hero({
  stats,
  onFindTechnician,
  children,
}: {
  stats: HeroStats | undefined;
  onFindTechnician: () => void;
  children: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div className="space-y-6">
          <p
            className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm"
            data-testid="stats-badge"
          >
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {statsBadgeText(stats)}
          </p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Certified mobile mechanics, at your door
          </h1>
          <p className="text-lg text-brand-100">
            Find a trusted technician in Washington DC, Maryland and Virginia. Repairs and
            maintenance at home, at work or at the roadside.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" variant="white" onClick={onFindTechnician}>
              <Search /> Find a Technician
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
              asChild
            >
              <Link to={PATHS.requestService}>
                <Wrench /> Request Service
              </Link>
            </Button>
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
