import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  Cable,
  Calculator,
  Car,
  ClipboardList,
  Download,
  FileSearch,
  Gauge,
  Lock,
  Package,
  Search,
  Star,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PLAN_TIERS } from '@shared/constants/domain';
import type { Software } from '@shared/schemas/billing';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { getJson } from '../lib/api-client';

type Catalogue = { currentPlan: string; items: Software[] };

/** The catalogue names its icons; unknown names get a generic package. */
const ICONS: Record<string, LucideIcon> = {
  BookOpen,
  Cable,
  Calculator,
  Car,
  ClipboardList,
  FileSearch,
  Gauge,
  Wrench,
};

export default function RepairSoftware() {
  const catalogue = useQuery({
    queryKey: ['/api/software'],
    queryFn: () => getJson<Catalogue>('/api/software'),
  });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [plan, setPlan] = useState('all');
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
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="sw-search">Search</Label>
          <div className="relative">
            <Search
              className="absolute left-2.5 top-2.5 h-4 w-4 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id="sw-search"
              className="pl-8"
              placeholder="Search software..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="sw-category">Category</Label>
          <Select id="sw-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="sw-plan">Plan</Label>
          <Select id="sw-plan" value={plan} onChange={(e) => setPlan(e.target.value)}>
            <option value="all">All Plans</option>
            {PLAN_TIERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {catalogue.isLoading ? (
        <Skeleton className="h-64" />
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-slate-500">
          No software found
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((s) => (
            <Card key={s.id} data-testid="software" className="flex flex-col">
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle className="flex items-center gap-2 text-lg">
                    <SoftwareIcon name={s.icon} />
                    {s.name}
                  </CardTitle>
                  <Badge variant={s.requiredPlan === 'Free' ? 'success' : 'outline'}>
                    {s.requiredPlan}
                  </Badge>
                </div>
                <p className="text-xs text-slate-500">
                  {s.category} · v{s.version} · {s.fileSize} · {s.publisher}
                </p>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4 text-sm">
                <div className="space-y-2">
                  <p className="text-slate-700">{s.description}</p>
                  <p className="flex items-center gap-1 text-slate-500">
                    <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                    {s.rating.toFixed(1)} · {s.downloads.toLocaleString('en-US')} downloads
                  </p>
                </div>
                {s.unlocked ? (
                  <Button asChild>
                    <a href={s.downloadUrl} download>
                      <Download className="mr-2 h-4 w-4" aria-hidden="true" /> Download
                    </a>
                  </Button>
                ) : (
                  <Button variant="outline" asChild>
                    <Link to="/platform-payment">
                      <Lock className="mr-2 h-4 w-4" aria-hidden="true" /> Requires {s.requiredPlan}{' '}
                      plan
                    </Link>
                  </Button>
                )}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </Page>
  );
}

function SoftwareIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Package;
  return <Icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />;
}
