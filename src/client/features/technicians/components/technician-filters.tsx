import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { LIST_DISTANCES } from '@shared/constants/locations';
import { LocationSelect } from '../../../components/location-select';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

export type ListFilters = {
  serviceType: string;
  location: string;
  zip: string;
  maxDistance: string;
  name: string;
};

/**
 * The technician list's filters; `onChange` sets one URL parameter ('' removes it).
 * `defaultOpen` shows the extra filters at first (a shared link with a distance).
 */
export function TechnicianFilters({
  filters,
  canFilterDistance,
  defaultOpen,
  onChange,
}: {
  filters: ListFilters;
  canFilterDistance: boolean;
  defaultOpen: boolean;
  onChange: (key: keyof ListFilters, value: string) => void;
}) {
  const [showFilters, setShowFilters] = useState(defaultOpen);
  return (
    <section
      aria-label="Filters"
      className="mb-6 space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-4 md:grid-cols-[1fr_1fr_auto]">
        <div className="space-y-1.5">
          <Label htmlFor="filter-service">Service Type</Label>
          <ServiceTypeSelect
            id="filter-service"
            value={filters.serviceType}
            onChange={(e) => onChange('serviceType', e.target.value)}
            placeholder="All services"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="filter-location">Location</Label>
          <LocationSelect
            id="filter-location"
            value={filters.location}
            onChange={(e) => onChange('location', e.target.value)}
            placeholder="All locations"
          />
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
