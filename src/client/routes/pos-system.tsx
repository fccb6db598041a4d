import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OfflineNotice } from '../components/offline-notice';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent } from '../components/ui/tabs';
import { BrandingStrip } from '../features/branding/components/branding-strip';
import { useTechnicianServiceRequest } from '../features/service-requests/technician/api/get-technician-service-request';
import { CompleteServiceRequestPrompt } from '../features/service-requests/technician/components/complete-service-request-prompt';
import { PosServiceRequestBanner } from '../features/service-requests/technician/components/pos-service-request-banner';
import { isActiveJob } from '../features/service-requests/technician/format';
import { CreateQuote } from '../features/pos/components/create-quote';
import { Invoices } from '../features/pos/components/invoices';
import { ManageQuotes } from '../features/pos/components/manage-quotes';
import { PosTabsList } from '../features/pos/components/pos-tabs-list';
import { PriceBook } from '../features/pos/components/price-book';
import { ProcessPayment } from '../features/pos/components/process-payment';
import { Receipts } from '../features/pos/components/receipts';
import { Statements } from '../features/pos/components/statements';
import { SyncStatus } from '../features/pos/components/sync-status';
import { UpgradeRequired } from '../features/pos/components/upgrade-required';
import { refKey, type QuoteView } from '../features/pos/offline/views';
import { prefillFromJob } from '../features/pos/quote-prefill';
import { useOwnProfile } from '../features/profile/api/get-own-profile';
import { usePosLists } from '../features/pos/use-pos-lists';
import { ApiError } from '../lib/api-client';
import { RequireUser } from '../features/auth/components/require-user';

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
  const [invoiceKey, setInvoiceKey] = useState<string | null>(null);
  // `?job=WR-000123`: the quote starts from that job and is saved as the job's.
  const [params] = useSearchParams();
  const jobReference = params.get('job');
  const job = useTechnicianServiceRequest(jobReference);
  // A draft being edited is read against its own job's typical prices.
  const [editing, setEditing] = useState<QuoteView | null>(null);
  const editingJob = useTechnicianServiceRequest(editing?.jobReference ?? null);
  // The technician's own hourly rate, which labor lines start at (0 until it is read).
  const profile = useOwnProfile(true);
  /** The job whose invoice was just paid in full: asked whether it is completed. */
  const [paidJob, setPaidJob] = useState<string | null>(null);
  const [reveal, setReveal] = useState(false);
  // The quotes list tells whether this technician's plan includes the point of sale; all three
  // lists load here so that every tab reads offline (ADR 013).
  const { quotes: access } = usePosLists(technicianId);
  if (access.isLoading || job.isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (access.error instanceof ApiError && access.error.status === 403)
    return <UpgradeRequired message={access.error.serverMessage} />;
  const prefill = job.data && isActiveJob(job.data) ? prefillFromJob(job.data) : undefined;
  // Each tab change forgets the reveal; a quote just created opens Manage Quotes on it.
  const go = (next: string, revealNewest = false) => {
    setReveal(revealNewest);
    setTab(next);
  };
  const toQuotes = (created = false) => {
    setEditing(null);
    go('quotes', created);
  };

  return (
    <Page
      title="Point of Sale System"
      intro="Quote on the spot, take the customer's signature, invoice and get paid."
      // Wide enough for the statement's table at a laptop's 1366 px, without scrolling sideways.
      className="max-w-7xl"
      actions={<OfflineNotice syncedAt={access.dataUpdatedAt} />}
    >
      <SyncStatus />
      <BrandingStrip />
      <PosServiceRequestBanner reference={jobReference} job={job.data} failed={job.isError} />
      <Tabs value={tab} onValueChange={(next) => go(next)}>
        <PosTabsList />
        <TabsContent value="create">
          <CreateQuote
            key={editing ? `edit:${refKey(editing)}` : (prefill?.reference ?? 'none')}
            prefill={editing ? undefined : prefill}
            editing={editing ?? undefined}
            onCancelEdit={() => toQuotes()}
            onCreated={() => toQuotes(true)}
            fairPrice={editing ? editingJob.data?.fairPrice : prefill?.fairPrice}
            hourlyRate={profile.data?.hourlyRate}
          />
        </TabsContent>
        <TabsContent value="quotes">
          <ManageQuotes
            technicianId={technicianId}
            revealNewest={reveal}
            onInvoiced={() => setTab('invoices')}
            onEdit={(q) => {
              setEditing(q);
              setTab('create');
            }}
          />
        </TabsContent>
        <TabsContent value="payment">
          <ProcessPayment
            key={invoiceKey ?? 'none'}
            technicianId={technicianId}
            invoiceKey={invoiceKey}
            onInvoiceChange={setInvoiceKey}
            onPaid={(paid) => {
              if (paid.paidInFull && paid.jobReference) setPaidJob(paid.jobReference);
              setTab('receipts');
            }}
          />
        </TabsContent>
        <TabsContent value="invoices">
          <Invoices
            technicianId={technicianId}
            onTakePayment={(key) => {
              setInvoiceKey(key);
              setTab('payment');
            }}
          />
        </TabsContent>
        <TabsContent value="receipts">
          <Receipts technicianId={technicianId} />
        </TabsContent>
        <TabsContent value="statements">
          <Statements />
        </TabsContent>
        <TabsContent value="price-book">
          <PriceBook />
        </TabsContent>
      </Tabs>
      {paidJob && (
        <CompleteServiceRequestPrompt reference={paidJob} onClose={() => setPaidJob(null)} />
      )}
    </Page>
  );
}
