import { Download, Trash2, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatAmount } from '@shared/money';
import type { PriceBookItem } from '@shared/schemas/price-book';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../lib/toast';
import { PRICE_BOOK_CSV_URL, usePriceBook, usePriceBookChanges } from '../api/price-book';

const blank = {
  kind: 'part' as 'labor' | 'part',
  name: '',
  unitPrice: '',
  cost: '',
  partNumber: '',
};

/**
 * The technician's price book: the services and parts they quote, at their price and their own
 * cost (for the margin), searched by name; quote lines are picked from it. CSV out and in.
 */
export function PriceBook() {
  const [search, setSearch] = useState('');
  const list = usePriceBook(search.trim());
  const { create, update, remove, importCsv } = usePriceBookChanges();
  const [form, setForm] = useState(blank);
  const [editing, setEditing] = useState<number | null>(null);
  const failure = useFormError();

  const save = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const input = {
      kind: form.kind,
      name: form.name,
      unitPrice: form.unitPrice,
      cost: form.cost.trim() || null,
      partNumber: form.kind === 'part' ? form.partNumber.trim() || null : null,
    };
    const after = {
      onSuccess: () => {
        notify({ title: editing ? 'Item updated' : 'Item added' });
        setForm(blank);
        setEditing(null);
      },
      onError: (err: unknown) =>
        failure.report(err, 'The item could not be saved. Please try again.'),
    };
    if (editing) update.mutate({ id: editing, ...input }, after);
    else create.mutate(input, after);
  };

  const edit = (i: PriceBookItem) => {
    setEditing(i.id);
    setForm({
      kind: i.kind,
      name: i.name,
      unitPrice: i.unitPrice,
      cost: i.cost ?? '',
      partNumber: i.partNumber ?? '',
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Price Book</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={PRICE_BOOK_CSV_URL} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <label className="cursor-pointer">
              <Upload aria-hidden="true" /> Import CSV
              <input
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                aria-label="Import CSV"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  failure.clear();
                  importCsv.mutate(await file.text(), {
                    onSuccess: (r) =>
                      notify({
                        title: 'Price book imported',
                        description: `${r.created} added, ${r.updated} updated.`,
                      }),
                    onError: (err) => failure.report(err, 'The file could not be imported.'),
                  });
                }}
              />
            </label>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          onSubmit={save}
          className="grid gap-3 rounded-md border p-3 sm:grid-cols-6"
          aria-label="Price book item"
        >
          <div className="space-y-1">
            <Label htmlFor="pb-kind">Kind</Label>
            <Select
              id="pb-kind"
              value={form.kind}
              onChange={(e) => setForm({ ...form, kind: e.target.value as 'labor' | 'part' })}
            >
              <option value="part">Part</option>
              <option value="labor">Labor</option>
            </Select>
          </div>
          <div className="space-y-1 sm:col-span-2">
            <Label htmlFor="pb-name">Name</Label>
            <Input
              id="pb-name"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="pb-price">Price ($)</Label>
            <Input
              id="pb-price"
              inputMode="decimal"
              value={form.unitPrice}
              onChange={(e) => setForm({ ...form, unitPrice: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="pb-cost">Your cost ($)</Label>
            <Input
              id="pb-cost"
              inputMode="decimal"
              value={form.cost}
              onChange={(e) => setForm({ ...form, cost: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="pb-part">Part number</Label>
            <Input
              id="pb-part"
              disabled={form.kind === 'labor'}
              value={form.partNumber}
              onChange={(e) => setForm({ ...form, partNumber: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-6">
            <Button
              type="submit"
              disabled={create.isPending || update.isPending}
              aria-describedby={failure.describedBy}
            >
              {editing ? 'Save item' : 'Add to price book'}
            </Button>
            {editing && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setEditing(null);
                  setForm(blank);
                }}
              >
                Cancel
              </Button>
            )}
          </div>
          <div className="sm:col-span-6">
            <FormError id={failure.id} message={failure.message} />
          </div>
        </form>
        <div className="max-w-sm space-y-1">
          <Label htmlFor="pb-search">Search the price book</Label>
          <Input
            id="pb-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {list.isLoading ? (
          <Skeleton className="h-24" />
        ) : (list.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-500">
            {search
              ? `Nothing matches "${search}".`
              : 'No items yet: add the services and parts you quote most.'}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Price book items">
            {list.data!.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
                data-testid="price-book-item"
              >
                <div>
                  <p className="font-medium">
                    {i.name} <span className="text-xs uppercase text-slate-500">{i.kind}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatAmount(i.unitPrice)}
                    {i.cost !== null && ` · cost ${formatAmount(i.cost)}`}
                    {i.marginPercent !== null && ` · margin ${i.marginPercent}%`}
                    {i.partNumber && ` · ${i.partNumber}`}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => edit(i)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${i.name}`}
                    onClick={() =>
                      remove.mutate(i.id, { onSuccess: () => notify({ title: 'Item removed' }) })
                    }
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
