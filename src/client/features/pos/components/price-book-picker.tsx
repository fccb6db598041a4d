import { formatAmount } from '@shared/money';
import type { PriceBookItem } from '@shared/schemas/price-book';
import { Select } from '../../../components/ui/select';
import { usePriceBook } from '../api/price-book';

/** 'Add from price book': a line copied from one of the technician's items. */
export function PriceBookPicker({ onPick }: { onPick: (item: PriceBookItem) => void }) {
  const book = usePriceBook();
  const items = book.data ?? [];
  if (items.length === 0) return null;
  return (
    <Select
      aria-label="Add from price book"
      className="h-9 w-56"
      value=""
      onChange={(e) => {
        const item = items.find((i) => String(i.id) === e.target.value);
        if (item) onPick(item);
      }}
    >
      <option value="">Add from price book…</option>
      {items.map((i) => (
        <option key={i.id} value={String(i.id)}>
          {i.name} ({formatAmount(i.unitPrice)})
        </option>
      ))}
    </Select>
  );
}
