import { List, Map as MapIcon, Search, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { LIST_DISTANCES } from '@shared/constants/locations';
import { TECHNICIAN_SORTS, type TechnicianSort } from '@shared/constants/technician-sorts';
import { PlaceField } from '../../../components/place-field';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

export type ListFilters = {
  serviceType: string;
  /** The place as typed: a named town, a ZIP code or free text (location, zip or near). */
  place: string;
  maxDistance: string;
  name: string;
  sort: TechnicianSort;
};

export type ListView = 'list' | 'map';

const SORT_LABELS: Record<TechnicianSort, string> = {
  recommended: 'Recommended',
  distance: 'Distance',
  rating: 'Rating',
  price: 'Price (low to high)',
  experience: 'Experience',
};

/**
 * The technician list's filters; `onChange` sets one URL parameter ('' removes it), `onPlace`
 * the place (as location, zip or near). `defaultOpen` shows the extra filters at first (a
 * shared link with a distance).
 */
export function TechnicianFilters({
  filters,
  canFilterDistance,
  defaultOpen,
  view,
  onChange,
  onPlace,
  onView,
}: {
  filters: ListFilters;
  canFilterDistance: boolean;
  defaultOpen: boolean;
  view: ListView;
  onChange: (key: 'serviceType' | 'maxDistance' | 'name' | 'sort', value: string) => void;
  onPlace: (text: string) => void;
  onView: (view: ListView) => void;
}) {
  const [showFilters, setShowFilters] = useState(defaultOpen);
  // The typed place, applied on Search (or Enter, or 'Use my location').
  const [place, setPlace] = useState(filters.place);
  const [shownPlace, setShownPlace] = useState(filters.place);
  if (filters.place !== shownPlace) {
    setShownPlace(filters.place);
    setPlace(filters.place);
  }
  // Distance needs a place; every other order is offered with or without one.
  const sorts = TECHNICIAN_SORTS.filter((s) => s !== 'distance' || canFilterDistance);
  return (
    <section
      aria-label="Filters"
      className="mb-6 space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-4 md:grid-cols-[1fr_1.6fr_auto]">
        <div className="space-y-1.5">
          <Label htmlFor="filter-service">Service Type</Label>
          <ServiceTypeSelect
            id="filter-service"
            value={filters.serviceType}
            onChange={(e) => onChange('serviceType', e.target.value)}
            placeholder="All services"
          />
        </div>
        <form
          className="space-y-1.5"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onPlace(place);
          }}
        >
          <Label htmlFor="filter-location">Location</Label>
          <div className="flex gap-2">
            <PlaceField
              id="filter-location"
              className="min-w-0 flex-1"
              value={place}
              onValueChange={setPlace}
              onLocated={onPlace}
            />
            <Button type="submit" aria-label="Search location" title="Search location">
              <Search aria-hidden="true" />
            </Button>
          </div>
        </form>
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
              onChange={(e) => onChange('maxDistance', e.target.value)}
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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-2">
          <Label htmlFor="filter-sort" className="whitespace-nowrap">
            Sort by
          </Label>
          <Select
            id="filter-sort"
            className="w-auto"
            value={filters.sort}
            // The default order keeps the address clean.
            onChange={(e) =>
              onChange('sort', e.target.value === 'recommended' ? '' : e.target.value)
            }
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div role="group" aria-label="View" className="flex gap-1">
          <Button
            variant={view === 'list' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'list'}
            onClick={() => onView('list')}
          >
            <List aria-hidden="true" /> List
          </Button>
          <Button
            variant={view === 'map' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'map'}
            onClick={() => onView('map')}
          >
            <MapIcon aria-hidden="true" /> Map
          </Button>
        </div>
      </div>
      {filters.name && (
        <p className="text-sm text-slate-600">
          Name contains “{filters.name}” ·{' '}
          <button
            type="button"
            className="text-brand-600 hover:underline"
            onClick={() => onChange('name', '')}
          >
            remove
          </button>
        </p>
      )}
    </section>
  );
}
