import { Mail, PenLine, Receipt } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Quote } from '@shared/schemas/pos';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useApproveQuote, useCreateInvoice, useEmailQuote, useQuotes } from '../api';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

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

function SignatureDialog({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const approve = useApproveQuote();
  const [hasInk, setHasInk] = useState(false);
  return (
    <Dialog open={quote !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Customer Signature</DialogTitle>
          <DialogDescription>
            {quote &&
              `${quote.customerName} approves ${quote.quoteNumber} for $${quote.totalAmount}.`}
          </DialogDescription>
        </DialogHeader>
        <SignaturePad ref={pad} onChange={setHasInk} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!hasInk || approve.isPending}
            onClick={() => {
              const signature = pad.current?.toDataUrl();
              if (!quote || !signature) return;
              approve.mutate(
                { id: quote.id, signature },
                {
                  onSuccess: () => {
                    notify({ title: 'Quote Approved', description: quote.quoteNumber });
                    setHasInk(false);
                    onClose();
                  },
                  onError: (err) =>
                    notify({
                      title: 'Error',
                      description: errorMessage(err, 'Failed to approve quote. Please try again.'),
                      variant: 'destructive',
                    }),
                },
              );
            }}
          >
            {approve.isPending ? 'Approving...' : 'Approve Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EmailQuoteDialog({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const send = useEmailQuote();
  const [email, setEmail] = useState('');
  const to = email || quote?.customerEmail || '';
  return (
    <Dialog
      open={quote !== null}
      onOpenChange={(o) => {
        if (!o) {
          setEmail('');
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Email Quote</DialogTitle>
          <DialogDescription>
            The customer gets the quote and a link to review and sign it on their own device.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="eq-email">Customer Email</Label>
          <Input id="eq-email" type="email" value={to} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button
            disabled={!to || send.isPending}
            onClick={() =>
              quote &&
              send.mutate(
                { quoteId: quote.id, customerEmail: to, customerName: quote.customerName },
                {
                  onSuccess: () => {
                    notify({ title: 'Quote Emailed', description: `Sent to ${to}` });
                    setEmail('');
                    onClose();
                  },
                  onError: () =>
                    notify({
                      title: 'Email Failed',
                      description: 'Failed to send quote email. Please check email configuration.',
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {send.isPending ? 'Sending...' : 'Send Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
