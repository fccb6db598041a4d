import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Technician } from '@shared/schemas/technicians';
import { Page } from '../components/page';
import { useTechnicianSearch } from '../features/technicians/api';
import {
  TechnicianFilters,
  type ListFilters,
} from '../features/technicians/components/technician-filters';
import { TechnicianResults } from '../features/technicians/components/technician-results';
import { ContactDialog } from '../features/technicians/dialogs';

const PAGE_SIZE = 12;

export default function Technicians() {
  // Filters live in the URL, so a search can be shared and reloaded.
  const [params, setParams] = useSearchParams();
  const [contact, setContact] = useState<Technician | null>(null);
  const filters: ListFilters = {
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
  const goToPage = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  const total = data?.total ?? 0;

  return (
    <Page
      title="Find Certified Mechanics"
      intro="Browse certified mobile mechanics near you, compare ratings and rates, and contact them directly."
    >
      <TechnicianFilters
        filters={filters}
        canFilterDistance={canFilterDistance}
        defaultOpen={params.has('maxDistance')}
        onChange={set}
      />
      <TechnicianResults
        isLoading={isLoading}
        isError={isError}
        items={data?.items ?? []}
        total={total}
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={goToPage}
        onClear={() => setParams(new URLSearchParams())}
        onContact={setContact}
      />
      <ContactDialog technician={contact} onClose={() => setContact(null)} />
    </Page>
  );
}
