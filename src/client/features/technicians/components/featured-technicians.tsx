import { Link } from 'react-router';
import { LIMITS } from '@shared/constants/domain';
import type { Technician } from '@shared/schemas/technicians';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTechnicianSearch } from '../api/search-technicians';
import { TechnicianCard } from '../technician-card';
import { ListError } from './technician-results';
import { PATHS } from '@shared/paths';

/**
 * The home page's 'Featured Mechanics' row: technicians whose plan includes a featured listing
 * (Premium, Professional), best rated first (ADR 014).
 */
export function FeaturedTechnicians({ onContact }: { onContact: (t: Technician) => void }) {
  const featured = useTechnicianSearch({ featured: true, pageSize: LIMITS.featuredTechnicians });
  return (
    <section className="bg-white py-16" aria-labelledby="featured-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-3xl font-bold">
            Featured Mechanics
          </h2>
          <Button variant="outline" asChild>
            <Link to={PATHS.technicians}>View All Technicians</Link>
          </Button>
        </div>
        {featured.isError && (
          <div className="mt-8">
            <ListError
              message="We could not load the featured mechanics."
              onRetry={() => void featured.refetch()}
            />
          </div>
        )}
        {featured.data?.items.length === 0 && (
          <p className="mt-8 text-slate-600">No featured mechanics right now.</p>
        )}
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {featured.isLoading
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-64" />)
            : featured.data?.items.map((t) => (
                <TechnicianCard key={t.id} technician={t} onContact={onContact} />
              ))}
        </div>
      </div>
    </section>
  );
}
