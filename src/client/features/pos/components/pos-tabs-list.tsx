import { TabsList, TabsTrigger } from '../../../components/ui/tabs';

/** The point of sale's tabs, in the order a job goes through them, the price book last. */
export const POS_TABS = [
  ['create', 'Create Quote'],
  ['quotes', 'Manage Quotes'],
  ['payment', 'Process Payment'],
  ['invoices', 'Invoices'],
  ['receipts', 'Receipts'],
  ['statements', 'Statements'],
  ['price-book', 'Price Book'],
] as const;

export function PosTabsList() {
  return (
    <TabsList className="w-full justify-start">
      {POS_TABS.map(([value, label]) => (
        <TabsTrigger key={value} value={value}>
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
