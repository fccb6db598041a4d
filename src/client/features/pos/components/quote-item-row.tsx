import { BookmarkPlus, Trash2 } from 'lucide-react';
import { centsToDecimal, formatCents } from '@shared/money';
import type { FairPrice } from '@shared/schemas/fair-price';
import { FairLaborNote } from '../../../components/fair-price';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import type { Item } from '../use-create-quote-form';

/** One labor or part line of the quote being written (n counts from 0). */
export function QuoteItemRow({
  item: i,
  n,
  lineTotalCents,
  onChange,
  onRemove,
  onSave,
  fairPrice,
}: {
  item: Item;
  n: number;
  lineTotalCents: number;
  onChange: (patch: Partial<Item>) => void;
  onRemove: () => void;
  /** Keeps this line in the technician's price book. */
  onSave?: () => void;
  fairPrice?: FairPrice;
}) {
  const labor = i.type === 'labor';
  return (
    <fieldset
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-6"
      aria-label={`Item ${n + 1}`}
    >
      <div className={cn('space-y-1', labor ? 'sm:col-span-3' : 'sm:col-span-2')}>
        <Label htmlFor={`i-${i.key}-d`}>{labor ? 'Labor' : 'Part'} description</Label>
        <Input
          id={`i-${i.key}-d`}
          value={i.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      {!labor && (
        <div className="space-y-1">
          <Label htmlFor={`i-${i.key}-x`}>Part Number</Label>
          <Input
            id={`i-${i.key}-x`}
            value={i.partNumber}
            onChange={(e) => onChange({ partNumber: e.target.value })}
          />
        </div>
      )}
      <div className="space-y-1">
        {/* One number per line: a labor line's hours are its quantity. */}
        <Label htmlFor={`i-${i.key}-q`}>{labor ? 'Labor Hours' : 'Quantity'}</Label>
        <Input
          id={`i-${i.key}-q`}
          type="number"
          step={labor ? '0.25' : '0.01'}
          min={0}
          inputMode="decimal"
          value={i.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`i-${i.key}-p`}>{labor ? 'Rate per Hour' : 'Unit Price'}</Label>
        <Input
          id={`i-${i.key}-p`}
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          value={i.unitPrice}
          onChange={(e) => onChange({ unitPrice: e.target.value })}
        />
      </div>
      <div className="flex items-end justify-between gap-2">
        <p className="text-sm">
          <span className="block text-slate-500">Total</span>
          <span data-testid="item-total" className="font-semibold">
            {formatCents(lineTotalCents)}
          </span>
        </p>
        {onSave && i.description.trim() && i.unitPrice !== '' && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Save item ${n + 1} to the price book`}
            onClick={onSave}
          >
            <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Remove item ${n + 1}`}
          onClick={onRemove}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {fairPrice && labor && (
        <p className="sm:col-span-6">
          <FairLaborNote fairPrice={fairPrice} amount={centsToDecimal(lineTotalCents)} />
        </p>
      )}
    </fieldset>
  );
}
