import { formatAmount } from '@shared/money';
import { Mail, Pencil, PenLine, Receipt } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Invoice } from '@shared/schemas/pos';
import { DownloadPdfLink } from '../../../components/download-pdf-link';
import { QuoteVersion, SignatureAuditTrail } from '../../../components/signature-audit';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notifyOutcome, usePosChange } from '../offline/use-pos-change';
import { refKey, refOf, type QuoteView } from '../offline/views';
import { usePosLists } from '../use-pos-lists';
import { DepositLine } from './deposit-card-form';
import { DocNumber } from './doc-number';
import { EmailQuoteDialog, sendLabel } from './email-quote-dialog';
import { SignatureDialog } from './signature-dialog';
import { SyncError, SyncMark } from './sync-mark';

export function ManageQuotes({
  technicianId,
  onInvoiced,
  onEdit,
  revealNewest = false,
}: {
  technicianId: number;
  onInvoiced: () => void;
  onEdit: (quote: QuoteView) => void;
  /** Just created one: the newest quote (first) is brought into view and focused. */
  revealNewest?: boolean;
}) {
  const { quotes, views } = usePosLists(technicianId);
  const list = useRef<HTMLUListElement>(null);
  const hasQuotes = views.quotes.length > 0;
  useEffect(() => {
    if (!revealNewest || !hasQuotes) return;
    const first = list.current?.querySelector<HTMLElement>('[data-testid="quote"]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: 'center' });
  }, [revealNewest, hasQuotes]);
  const createInvoice = usePosChange('invoice.create');
  const [signing, setSigning] = useState<QuoteView | null>(null);
  const [emailing, setEmailing] = useState<(QuoteView & { id: number }) | null>(null);

  if (quotes.isPending && views.quotes.length === 0) return <Skeleton className="h-40" />;
  // Kept data shows when a later read fails (offline); the error only without any.
  if (quotes.isError && !quotes.data)
    return <p role="alert">{errorMessage(quotes.error, 'Failed to load quotes')}</p>;
  if (views.quotes.length === 0)
    return <p className="text-slate-500">No quotes yet. Create one in the Create Quote tab.</p>;

  const invoice = (q: QuoteView) =>
    createInvoice.mutate(
      { quote: refOf(q) },
      {
        onSuccess: (outcome) => {
          const ok = notifyOutcome(
            outcome,
            `The invoice for ${q.customerName}`,
            (inv: Invoice) => ({ title: 'Invoice Created', description: inv.invoiceNumber }),
            'Error',
            'Failed to create invoice. Please try again.',
          );
          if (ok) onInvoiced();
        },
      },
    );

  return (
    <>
      <ul className="space-y-3" ref={list}>
        {views.quotes.map((q) => (
          <li key={refKey(q)}>
            <Card
              data-testid="quote"
              tabIndex={-1}
              className="focus:outline-none focus:ring-2 focus:ring-primary"
            >
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
                <div className="space-y-0.5">
                  <p className="font-semibold">
                    <DocNumber value={q.quoteNumber} /> <QuoteVersion version={q.version} />{' '}
                    <Badge variant={q.status === 'approved' ? 'success' : 'outline'}>
                      {q.status}
                    </Badge>{' '}
                    <SyncMark sync={q.sync} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {q.customerName}
                    {q.vehicleMake &&
                      ` · ${[q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' ')}`}
                  </p>
                  {q.jobReference && <p className="text-sm text-slate-600">Job {q.jobReference}</p>}
                  {q.status !== 'approved' && (
                    <p className="text-sm text-slate-600">
                      {q.status === 'sent'
                        ? 'Sent to the customer: waiting for their signature.'
                        : 'Not sent to the customer yet.'}
                    </p>
                  )}
                  <p className="text-sm font-medium">{formatAmount(q.totalAmount)}</p>
                  <DepositLine deposit={q.deposit} />
                  {q.signatureAudit && <SignatureAuditTrail audit={q.signatureAudit} />}
                  <SyncError sync={q.sync} />
                </div>
                <div className="flex flex-wrap gap-2">
                  {q.status !== 'approved' && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => onEdit(q)}>
                        <Pencil className="mr-1 h-4 w-4" aria-hidden="true" /> Edit
                      </Button>
                      <Button size="sm" onClick={() => setSigning(q)}>
                        <PenLine className="mr-1 h-4 w-4" aria-hidden="true" /> Get Signature
                      </Button>
                    </>
                  )}
                  {q.status === 'approved' && q.invoice === null && (
                    <Button size="sm" disabled={createInvoice.isPending} onClick={() => invoice(q)}>
                      <Receipt className="mr-1 h-4 w-4" aria-hidden="true" /> Create Invoice
                    </Button>
                  )}
                  {q.id !== null && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEmailing({ ...q, id: q.id! })}
                    >
                      <Mail className="mr-1 h-4 w-4" aria-hidden="true" /> {sendLabel(q.status)}
                    </Button>
                  )}
                  {q.id !== null && q.quoteNumber && (
                    <DownloadPdfLink kind="quote" id={q.id} number={q.quoteNumber} />
                  )}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <SignatureDialog quote={signing} onClose={() => setSigning(null)} />
      <EmailQuoteDialog quote={emailing} onClose={() => setEmailing(null)} />
    </>
  );
}
