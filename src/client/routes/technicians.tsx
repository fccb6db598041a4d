import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TECHNICIAN_SORTS, type TechnicianSort } from '@shared/constants/technician-sorts';
import type { Technician } from '@shared/schemas/technicians';
import { isNotServedMessage } from '@shared/constants/service-area';
import { HydrateApart } from '../components/deferred';
import { ServiceAreaWaitlist } from '../components/service-area-waitlist';
import { Page } from '../components/page';
import { ApiError, errorMessage } from '../lib/api-client';
import { placeOf, setPlaceParam } from '../lib/places';
import { useTechnicianSearch } from '../features/technicians/api/search-technicians';
import {
  TechnicianFilters,
  type ListFilters,
  type ListView,
} from '../features/technicians/components/technician-filters';
import { TechnicianMapView } from '../features/technicians/components/technician-map-view';
import {
  LIST_FAILED,
  TechnicianResults,
} from '../features/technicians/components/technician-results';
import { ContactDialog } from '../features/technicians/dialogs';

const PAGE_SIZE = 12;

/** A 4xx answer's own message (e.g. 'Unknown ZIP code: 99999'); otherwise the generic one. */
const listError = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? errorMessage(err, LIST_FAILED) : LIST_FAILED;

export default function Technicians() {
  // Filters live in the URL, so a search can be shared and reloaded.
  const [params, setParams] = useSearchParams();
  const [contact, setContact] = useState<Technician | null>(null);
  const place = placeOf(params);
  const canFilterDistance = !!place;
  // Recommended is the default; distance needs a place, and a shared link whose place was
  // removed shows the order the server falls back to, rating (ADR 018).
  const askedSort = TECHNICIAN_SORTS.find((s) => s === params.get('sort'));
  const sort: TechnicianSort =
    askedSort === 'distance' && !canFilterDistance ? 'rating' : (askedSort ?? 'recommended');
  const filters: ListFilters = {
    serviceType: params.get('serviceType') ?? '',
    place,
    maxDistance: params.get('maxDistance') ?? '',
    name: params.get('name') ?? '',
    sort,
  };
  const view: ListView = params.get('view') === 'map' ? 'map' : 'list';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const search = useTechnicianSearch({
    serviceType: filters.serviceType,
    location: params.get('location') ?? '',
    zip: params.get('zip') ?? '',
    near: params.get('near') ?? '',
    maxDistance: canFilterDistance ? filters.maxDistance : '',
    name: filters.name,
    sort: askedSort ? sort : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const { data, isLoading, isError } = search;

  // Changes start from the address as it is now, not as this render saw it: a navigation
  // renders in a transition, so a second change made before it commits would drop the first.
  const current = () => new URLSearchParams(window.location.search);
  const update = (change: (next: URLSearchParams) => void) => {
    const next = current();
    change(next);
    next.delete('page');
    setParams(next);
  };
  const set = (key: string, value: string) =>
    update((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });
  const setPlace = (text: string) =>
    update((next) => {
      const p = setPlaceParam(next, text);
      // Distance needs a place: without one, the list falls back to rating.
      if (!p && next.get('sort') === 'distance') next.delete('sort');
    });
  const setView = (v: ListView) => {
    const next = current();
    if (v === 'map') next.set('view', 'map');
    else next.delete('view');
    setParams(next);
  };
  const goToPage = (n: number) => {
    const next = current();
    next.set('page', String(n));
    setParams(next);
  };
  const error = isError ? listError(search.error) : null;
  const total = data?.total ?? 0;
  const items = data?.items ?? [];

  return (
    <Page
      title="Find Certified Mechanics"
      intro="Browse certified mobile mechanics near you, compare ratings and rates, and contact them directly."
    >
      <TechnicianFilters
        filters={filters}
        canFilterDistance={canFilterDistance}
        defaultOpen={params.has('maxDistance')}
        view={view}
        onChange={set}
        onPlace={setPlace}
        onView={setView}
      />
      {view === 'map' && !isLoading && !isError && items.length > 0 && (
        <div className="mb-6">
          <TechnicianMapView items={items} />
        </div>
      )}
      <HydrateApart>
        <TechnicianResults
          isLoading={isLoading}
          error={error}
          errorAction={
            error && isNotServedMessage(error) ? <ServiceAreaWaitlist location={place} /> : null
          }
          onRetry={() => void search.refetch()}
          items={items}
          total={total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={goToPage}
          onClear={() => setParams(new URLSearchParams())}
          onContact={setContact}
        />
      </HydrateApart>
      <ContactDialog technician={contact} onClose={() => setContact(null)} />
    </Page>
  );
}
