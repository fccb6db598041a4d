import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_DISTANCES, LOCATION_NAMES } from '@shared/constants/locations';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import type { Technician } from '@shared/schemas/technicians';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { useTechnicianSearch } from '../features/technicians/api';
import { ContactDialog } from '../features/technicians/contact-dialog';
import { TechnicianCard } from '../features/technicians/technician-card';

const PAGE_SIZE = 12;

export default function Technicians() {
  // Filters live in the URL, so a search can be shared and reloaded.
  const [params, setParams] = useSearchParams();
  const [showFilters, setShowFilters] = useState(() => params.has('maxDistance'));
  const [contact, setContact] = useState<Technician | null>(null);
  const filters = {
    serviceType: params.get('serviceType') ?? '',
    location: params.get('location') ?? '',
    zip: params.get('zip') ?? '',
    maxDistance: params.get('maxDistance') ?? '',
    name: params.get('name') ?? '',
  };
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const canFilterDistance = !!(filters.location || filters.zip);
  const { data, isLoading, isError } = useTechnicianSearch({
    ...filters,
    maxDistance: canFilterDistance ? filters.maxDistance : '',
    page,
    pageSize: PAGE_SIZE,
  });

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const clear = () => setParams(new URLSearchParams());
  const total = data?.total ?? 0;
  const items = data?.items ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page
      title="Find Certified Mechanics"
      intro="Browse certified mobile mechanics near you, compare ratings and rates, and contact them directly."
    >
      <section
        aria-label="Filters"
        className="mb-6 space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="grid gap-4 md:grid-cols-[1fr_1fr_auto]">
          <div className="space-y-1.5">
            <Label htmlFor="filter-service">Service Type</Label>
            <Select
              id="filter-service"
              value={filters.serviceType}
              onChange={(e) => set('serviceType', e.target.value)}
            >
              <option value="">All services</option>
              {SERVICE_TYPES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="filter-location">Location</Label>
            <Select
              id="filter-location"
              value={filters.location}
              onChange={(e) => set('location', e.target.value)}
            >
              <option value="">All locations</option>
              {LOCATION_NAMES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-end">
            <Button
              variant="outline"
              aria-expanded={showFilters}
              aria-controls="more-filters"
              onClick={() => setShowFilters((s) => !s)}
            >
              <SlidersHorizontal /> Filters
            </Button>
          </div>
        </div>
        {showFilters && (
          <div id="more-filters" className="grid gap-4 md:grid-cols-3">
            <div className="space-y-1.5">
              <Label htmlFor="filter-distance">Max Distance</Label>
              <Select
                id="filter-distance"
                value={filters.maxDistance}
                onChange={(e) => set('maxDistance', e.target.value)}
              >
                <option value="">Any</option>
                {LIST_DISTANCES.map((d) => (
                  <option key={d} value={d}>
                    {d} miles
                  </option>
                ))}
              </Select>
              {!canFilterDistance && filters.maxDistance && (
                <p className="text-xs text-slate-500">Choose a location to search by distance.</p>
              )}
            </div>
          </div>
        )}
        {filters.name && (
          <p className="text-sm text-slate-600">
            Name contains “{filters.name}” ·{' '}
            <button
              type="button"
              className="text-brand-600 hover:underline"
              onClick={() => set('name', '')}
            >
              remove
            </button>
          </p>
        )}
      </section>

      {isLoading ? (
        <div
          className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading technicians"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-64" data-testid="technician-skeleton" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-700">
          We could not load technicians. Please try again.
        </p>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold">No technicians found</h2>
          <p className="mt-1 text-slate-600">Try another service, location or distance.</p>
          <Button className="mt-4" variant="outline" onClick={clear}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            Showing {items.length} of {total} technicians
          </p>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {items.map((t) => (
              <TechnicianCard key={t.id} technician={t} onContact={setContact} />
            ))}
          </div>
          {pages > 1 && (
            <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
              <Button
                variant="outline"
                disabled={page <= 1}
                onClick={() => {
                  const n = new URLSearchParams(params);
                  n.set('page', String(page - 1));
                  setParams(n);
                }}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                disabled={page >= pages}
                onClick={() => {
                  const n = new URLSearchParams(params);
                  n.set('page', String(page + 1));
                  setParams(n);
                }}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
      <ContactDialog technician={contact} onClose={() => setContact(null)} />
    </Page>
  );
}
