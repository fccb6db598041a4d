import { useState } from 'react';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { useSoftware } from '../features/billing/api/get-software';
import { SoftwareCard } from '../features/billing/components/software-card';
import {
  SoftwareFilters,
  type SoftwareFilter,
} from '../features/billing/components/software-filters';

export default function RepairSoftware() {
  const catalogue = useSoftware();
  const [filter, setFilter] = useState<SoftwareFilter>({
    search: '',
    category: 'all',
    plan: 'all',
  });
  const { search, category, plan } = filter;
  const items = catalogue.data?.items ?? [];
  const categories = [...new Set(items.map((i) => i.category))].sort();
  const q = search.trim().toLowerCase();
  const shown = items.filter(
    (i) =>
      (!q || i.name.toLowerCase().includes(q) || i.description.toLowerCase().includes(q)) &&
      (category === 'all' || i.category === category) &&
      (plan === 'all' || i.requiredPlan === plan),
  );

  return (
    <Page
      title="Free Repair Software"
      intro={
        catalogue.data
          ? `Diagnostic and repair tools for technicians. Your plan: ${catalogue.data.currentPlan}.`
          : 'Diagnostic and repair tools for technicians.'
      }
    >
      <SoftwareFilters
        value={filter}
        categories={categories}
        onChange={(p) => setFilter((f) => ({ ...f, ...p }))}
      />
      {catalogue.isLoading ? (
        <Skeleton className="h-64" />
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-slate-500">
          No software found
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((s) => (
            <SoftwareCard key={s.id} software={s} />
          ))}
        </div>
      )}
    </Page>
  );
}
