import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ServiceType } from '@shared/constants/service-types';
import type { OwnProfile } from '@shared/schemas/profile';
import { MAX_STARTING_PRICES } from '@shared/schemas/starting-prices';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

type Row = { serviceType: string; description: string; from: string; partsExtra: boolean };

/**
 * Prices the technician publishes before anyone books ('Brake pads, front: from $180, parts
 * extra'), for the services they offer: the public profile shows them, and the customer's
 * quote says so when it comes out higher. Saved as one list.
 */
export function StartingPricesCard({ profile }: { profile: OwnProfile }) {
  const [rows, setRows] = useState<Row[]>(() => profile.startingPrices.map((p) => ({ ...p })));
  const save = useUpdateProfile();
  const failure = useFormError();
  const offered = profile.specialties as ServiceType[];
  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Card className="mt-6" role="region" aria-labelledby="starting-prices-title">
      <CardHeader>
        <CardTitle id="starting-prices-title">Starting prices</CardTitle>
        <p className="text-sm text-slate-600">
          What your common jobs start at, shown on your public profile before anyone books. A quote
          that comes out higher tells the customer by how much: say why on its lines.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {offered.length === 0 ? (
          <p className="text-sm text-slate-600">Choose your specialties first.</p>
        ) : (
          <>
            {rows.map((r, i) => (
              <fieldset
                key={i}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1.5fr_7rem_auto]"
                aria-label={`Starting price ${i + 1}`}
              >
                <div className="space-y-1">
                  <Label htmlFor={`sp-service-${i}`}>Service</Label>
                  <ServiceTypeSelect
                    id={`sp-service-${i}`}
                    only={offered}
                    placeholder="Choose a service"
                    value={r.serviceType}
                    onChange={(e) => set(i, { serviceType: e.target.value })}
                  />
                </div>
                <div className="space-y-1">
                  <Label htmlFor={`sp-description-${i}`}>What it is for</Label>
                  <Input
                    id={`sp-description-${i}`}
                    placeholder="e.g. Brake pads, front"
                    maxLength={80}
                    value={r.description}
                    onChange={(e) => set(i, { description: e.target.value })}
                  />
                </div>
                <div className="space-y-1">
                  <Label htmlFor={`sp-from-${i}`}>From ($)</Label>
                  <Input
                    id={`sp-from-${i}`}
                    inputMode="decimal"
                    value={r.from}
                    onChange={(e) => set(i, { from: e.target.value })}
                  />
                </div>
                <div className="flex items-end gap-3">
                  <label className="flex items-center gap-2 pb-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-5 accent-primary"
                      checked={r.partsExtra}
                      onChange={(e) => set(i, { partsExtra: e.target.checked })}
                    />
                    Parts extra
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove starting price ${i + 1}`}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={rows.length >= MAX_STARTING_PRICES}
                onClick={() =>
                  setRows([
                    ...rows,
                    { serviceType: offered[0] ?? '', description: '', from: '', partsExtra: false },
                  ])
                }
              >
                <Plus className="mr-1 h-4 w-4" aria-hidden="true" /> Add a starting price
              </Button>
              <Button
                type="button"
                disabled={save.isPending}
                aria-describedby={failure.describedBy}
                onClick={() => {
                  failure.clear();
                  save.mutate(
                    {
                      startingPrices: rows.map((r) => ({
                        serviceType: r.serviceType as ServiceType,
                        description: r.description,
                        from: r.from.trim().replace(/^\$/, ''),
                        partsExtra: r.partsExtra,
                      })),
                    },
                    {
                      onSuccess: () => notify({ title: 'Starting prices saved' }),
                      onError: (err) =>
                        failure.report(
                          err,
                          'Failed to save your starting prices. Please try again.',
                        ),
                    },
                  );
                }}
              >
                {save.isPending ? 'Saving...' : 'Save starting prices'}
              </Button>
            </div>
            <FormError id={failure.id} message={failure.message} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
