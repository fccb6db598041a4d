import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useQuotes } from '../features/pos/api';
import { CreateQuote } from '../features/pos/components/create-quote';
import { Invoices } from '../features/pos/components/invoices';
import { ManageQuotes } from '../features/pos/components/manage-quotes';
import { ProcessPayment } from '../features/pos/components/process-payment';
import { Receipts } from '../features/pos/components/receipts';
import { ApiError } from '../lib/api-client';
import { RequireUser } from '../app/require-user';
import { PATHS } from '@shared/paths';

export default function PosSystem() {
  return (
    <RequireUser
      role="technician"
      hint="Demo technician (Professional plan): username technician, password wrenchly-demo"
      message="The point of sale is a tool for technicians."
    >
      {(user) => <Pos technicianId={user.technicianId!} />}
    </RequireUser>
  );
}

function Pos({ technicianId }: { technicianId: number }) {
  const [tab, setTab] = useState('create');
  const [invoiceId, setInvoiceId] = useState<number | null>(null);
  // The quotes list tells whether this technician's plan includes the point of sale.
  const access = useQuotes(technicianId);
  if (access.isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (access.error instanceof ApiError && access.error.status === 403)
    return <UpgradeRequired message={access.error.serverMessage} />;

  return (
    <Page
      title="Point of Sale System"
      intro="Quote on the spot, take the customer's signature, invoice and get paid."
      className="max-w-5xl"
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full justify-start">
          <TabsTrigger value="create">Create Quote</TabsTrigger>
          <TabsTrigger value="quotes">Manage Quotes</TabsTrigger>
          <TabsTrigger value="payment">Process Payment</TabsTrigger>
          <TabsTrigger value="invoices">Invoices</TabsTrigger>
          <TabsTrigger value="receipts">Receipts</TabsTrigger>
        </TabsList>
        <TabsContent value="create">
          <CreateQuote onCreated={() => setTab('quotes')} />
        </TabsContent>
        <TabsContent value="quotes">
          <ManageQuotes technicianId={technicianId} onInvoiced={() => setTab('invoices')} />
        </TabsContent>
        <TabsContent value="payment">
          <ProcessPayment
            key={invoiceId ?? 'none'}
            technicianId={technicianId}
            invoiceId={invoiceId}
            onInvoiceChange={setInvoiceId}
            onPaid={() => setTab('receipts')}
          />
        </TabsContent>
        <TabsContent value="invoices">
          <Invoices
            technicianId={technicianId}
            onTakePayment={(id) => {
              setInvoiceId(id);
              setTab('payment');
            }}
          />
        </TabsContent>
        <TabsContent value="receipts">
          <Receipts technicianId={technicianId} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function UpgradeRequired({ message }: { message?: string }) {
  return (
    <Page title="Point of Sale System" className="max-w-3xl">
      <Card>
        <CardContent className="space-y-4 pt-6">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <Lock className="h-5 w-5" aria-hidden="true" /> Professional plan required
          </p>
          <p className="text-slate-600">
            {message ?? 'The point of sale is part of the Professional plan'}. With it you can:
          </p>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Create quotes with labor and parts, with tax worked out for you</li>
            <li>Take the customer's signature on your phone, or by e-mail</li>
            <li>Turn approved quotes into invoices</li>
            <li>Take card, cash, check and digital wallet payments and send receipts</li>
          </ul>
          <Button asChild>
            <Link to={PATHS.platformPayment}>See Plans</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
