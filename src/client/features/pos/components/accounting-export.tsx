import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** The export's address for a month and an app's layout. */
export const accountingExportUrl = (month: string, format: 'quickbooks' | 'xero') =>
  `/api/pos/accounting-export.csv?month=${encodeURIComponent(month)}&format=${format}`;

/**
 * A month of payments (tips included), fees, refunds and lost disputes as a bank statement that
 * QuickBooks Online or Xero imports.
 */
export function AccountingExport({ defaultMonth }: { defaultMonth: string }) {
  const [month, setMonth] = useState(defaultMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section aria-labelledby="accounting-export-title" className="space-y-2 rounded-md border p-3">
      <h3 id="accounting-export-title" className="font-semibold">
        For your accounting app
      </h3>
      <p className="text-sm text-slate-600">
        One month of payments (tips included), processing fees, refunds and lost disputes, as a bank
        statement QuickBooks Online (Banking, Upload from file) or Xero (Import a Statement) reads.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="accounting-month">Month</Label>
          <Input
            id="accounting-month"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className="w-44"
          />
        </div>
        {(['quickbooks', 'xero'] as const).map((format) => (
          <Button key={format} asChild={valid} variant="outline" disabled={!valid}>
            {valid ? (
              <a href={accountingExportUrl(month, format)} download>
                <Download aria-hidden="true" /> {format === 'quickbooks' ? 'QuickBooks' : 'Xero'}{' '}
                CSV
              </a>
            ) : (
              <span>{format === 'quickbooks' ? 'QuickBooks' : 'Xero'} CSV</span>
            )}
          </Button>
        ))}
      </div>
    </section>
  );
}
