import { Mail, PenLine, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { Quote } from '@shared/schemas/pos';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateInvoice, useQuotes } from '../api';
import { EmailQuoteDialog } from './email-quote-dialog';
import { SignatureDialog } from './signature-dialog';

export function ManageQuotes({
  technicianId,
  onInvoiced,
}: {
  technicianId: number;
  onInvoiced: () => void;
}) {
  const quotes = useQuotes(technicianId);
  const createInvoice = useCreateInvoice();
  const [signing, setSigning] = useState<Quote | null>(null);
  const [emailing, setEmailing] = useState<Quote | null>(null);

  if (quotes.isLoading) return <Skeleton className="h-40" />;
  if (quotes.isError)
    return <p role="alert">{errorMessage(quotes.error, 'Failed to load quotes')}</p>;
  if (quotes.data!.length === 0)
    return <p className="text-slate-500">No quotes yet. Create one in the Create Quote tab.</p>;

  return (
    <>
      <ul className="space-y-3">
        {quotes.data!.map((q) => (
          <li key={q.id}>
            <Card data-testid="quote">
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
                <div>
                  <p className="font-semibold">
                    {q.quoteNumber}{' '}
                    <Badge variant={q.status === 'approved' ? 'success' : 'outline'}>
                      {q.status ?? 'draft'}
                    </Badge>
                  </p>
                  <p className="text-sm text-slate-600">
                    {q.customerName}
                    {q.vehicleMake &&
                      ` · ${[q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' ')}`}
                  </p>
                  {q.jobReference && <p className="text-sm text-slate-600">Job {q.jobReference}</p>}
                  <p className="text-sm font-medium">${q.totalAmount}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {q.status === 'draft' && (
                    <Button size="sm" onClick={() => setSigning(q)}>
                      <PenLine className="mr-1 h-4 w-4" aria-hidden="true" /> Get Signature
                    </Button>
                  )}
                  {q.status === 'approved' && q.invoiceId === null && (
                    <Button
                      size="sm"
                      disabled={createInvoice.isPending}
                      onClick={() =>
                        createInvoice.mutate(q.id, {
                          onSuccess: (inv) => {
                            notify({ title: 'Invoice Created', description: inv.invoiceNumber });
                            onInvoiced();
                          },
                          onError: () =>
                            notify({
                              title: 'Error',
                              description: 'Failed to create invoice. Please try again.',
                              variant: 'destructive',
                            }),
                        })
                      }
                    >
                      <Receipt className="mr-1 h-4 w-4" aria-hidden="true" /> Create Invoice
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setEmailing(q)}>
                    <Mail className="mr-1 h-4 w-4" aria-hidden="true" /> Email Quote
                  </Button>
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
