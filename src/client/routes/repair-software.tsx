import { useState } from 'react';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useTools } from '../features/tools/api/get-tools';
import { ToolCard } from '../features/tools/components/tool-card';
import { ToolFilters, type ToolFilter } from '../features/tools/components/tool-filters';

export default function RepairSoftware() {
  const { data: user } = useCurrentUser();
  const catalogue = useTools(user?.id ?? null);
  const [filter, setFilter] = useState<ToolFilter>({ search: '', category: 'all', plan: 'all' });
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
      intro={`Repair tools that run in your browser, nothing to install.${
        catalogue.data ? planNote(user?.role, catalogue.data.currentPlan) : ''
      }`}
    >
      <ToolFilters
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
          {shown.map((t) => (
            <ToolCard key={t.slug} tool={t} />
          ))}
        </div>
      )}
    </Page>
  );
}

/** What the caller's access rests on: a technician's plan; an admin opens every tool. */
function planNote(role: string | undefined, plan: string) {
  if (role === 'admin') return ' As an admin, every tool is open to you.';
  if (role === 'technician') return ` Your plan: ${plan}.`;
  return '';
}
