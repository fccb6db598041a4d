import { Search } from 'lucide-react';
import { PLAN_TIERS } from '@shared/constants/domain';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

export type ToolFilter = { search: string; category: string; plan: string };

/** Search by name or description, and filter by category and required plan. */
export function ToolFilters({
  value: { search, category, plan },
  categories,
  onChange,
}: {
  value: ToolFilter;
  categories: string[];
  onChange: (patch: Partial<ToolFilter>) => void;
}) {
  const setSearch = (search: string) => onChange({ search });
  const setCategory = (category: string) => onChange({ category });
  const setPlan = (plan: string) => onChange({ plan });
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-3">
      <div className="space-y-1.5">
        <Label htmlFor="tool-search">Search</Label>
        <div className="relative">
          <Search className="absolute left-2.5 top-2.5 h-4 w-4 text-slate-400" aria-hidden="true" />
          <Input
            id="tool-search"
            className="pl-8"
            placeholder="Search tools..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="tool-category">Category</Label>
        <Select id="tool-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All Categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="tool-plan">Plan</Label>
        <Select id="tool-plan" value={plan} onChange={(e) => setPlan(e.target.value)}>
          <option value="all">All Plans</option>
          {PLAN_TIERS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
