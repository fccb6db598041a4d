import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import type { AdminVerification } from '@shared/schemas/verifications';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { Textarea } from '../components/ui/textarea';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import {
  useExpiringVerifications,
  usePendingVerifications,
  useUpdateVerificationStatus,
} from '../features/verifications/api';
import { formatDate, VerificationStatusBadge } from '../features/verifications/status-badge';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';

export default function AdminVerifications() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired
        onSignIn={open}
        hint="Demo admin: username admin, password wrenchly-demo"
      />
    );
  if (user.role !== 'admin')
    return (
      <AccessRequired
        title="Admin Access Required"
        role={user.role}
        message="Verification management is for administrators."
      />
    );
  return <VerificationManagement />;
}

function VerificationManagement() {
  const pending = usePendingVerifications(true);
  const expiring = useExpiringVerifications(true);
  const [selected, setSelected] = useState<AdminVerification | null>(null);

  const list = (q: typeof pending, empty: string, reviewable: boolean) =>
    q.isLoading ? (
      <Skeleton className="h-32" />
    ) : q.isError ? (
      <p role="alert" className="text-red-700">
        {errorMessage(q.error, 'Failed to load verifications')}
      </p>
    ) : q.data!.length === 0 ? (
      <p className="rounded-lg border border-dashed p-6 text-center text-slate-500">{empty}</p>
    ) : (
      <ul className="space-y-3">
        {q.data!.map((v) => (
          <li key={v.id}>
            <Card data-testid="admin-verification">
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
                <div>
                  <p className="font-semibold">
                    {v.technician.user.firstName} {v.technician.user.lastName}
                  </p>
                  <p className="text-sm text-slate-600">
                    {VERIFICATION_TYPE_LABELS[v.verificationType]}: {v.credentialName} ·{' '}
                    {v.issuingOrganization}
                  </p>
                  {v.expirationDate && (
                    <p className="text-sm text-slate-500">Expires {formatDate(v.expirationDate)}</p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  <VerificationStatusBadge status={v.verificationStatus} />
                  {reviewable && v.verificationStatus === 'pending' && (
                    <Button size="sm" onClick={() => setSelected(v)}>
                      Review
                    </Button>
                  )}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <Page
      title="Verification Management"
      intro="Review technicians' credentials and keep an eye on those about to expire."
      actions={
        <Button variant="outline" asChild>
          <Link to="/admin-dashboard">Back to Dashboard</Link>
        </Button>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <Tabs defaultValue="pending">
          <TabsList>
            <TabsTrigger value="pending">
              Pending Verifications ({pending.data?.length ?? 0})
            </TabsTrigger>
            <TabsTrigger value="expiring">Expiring Soon ({expiring.data?.length ?? 0})</TabsTrigger>
          </TabsList>
          <TabsContent value="pending" className="mt-4">
            {list(pending, 'No verifications are waiting for review.', true)}
          </TabsContent>
          <TabsContent value="expiring" className="mt-4">
            {list(expiring, 'No verifications expire in the next 30 days.', true)}
          </TabsContent>
        </Tabs>
        {selected && (
          <ReviewPanel key={selected.id} v={selected} onDone={() => setSelected(null)} />
        )}
      </div>
    </Page>
  );
}

function ReviewPanel({ v, onDone }: { v: AdminVerification; onDone: () => void }) {
  const update = useUpdateVerificationStatus();
  const [status, setStatus] = useState<'verified' | 'rejected' | 'pending'>('pending');
  const [notes, setNotes] = useState(v.notes ?? '');

  return (
    <Card aria-label="Review verification" role="region">
      <CardHeader>
        <CardTitle>Review Verification</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div>
          <p className="font-semibold">
            {v.technician.user.firstName} {v.technician.user.lastName}
          </p>
          <p className="text-slate-600">{v.technician.user.email}</p>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">Type</dt>
          <dd>{VERIFICATION_TYPE_LABELS[v.verificationType]}</dd>
          <dt className="text-slate-500">Credential</dt>
          <dd>{v.credentialName}</dd>
          <dt className="text-slate-500">Issued by</dt>
          <dd>{v.issuingOrganization}</dd>
          {v.credentialNumber && (
            <>
              <dt className="text-slate-500">Number</dt>
              <dd>{v.credentialNumber}</dd>
            </>
          )}
          {v.issueDate && (
            <>
              <dt className="text-slate-500">Issued</dt>
              <dd>{formatDate(v.issueDate)}</dd>
            </>
          )}
          {v.expirationDate && (
            <>
              <dt className="text-slate-500">Expires</dt>
              <dd>{formatDate(v.expirationDate)}</dd>
            </>
          )}
        </dl>
        {v.documentUrl ? (
          <a
            href={v.documentUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-blue-700 underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> View attached document
          </a>
        ) : (
          <p className="text-slate-500">No document attached.</p>
        )}
        <div className="space-y-1.5">
          <Label htmlFor="review-status">Status</Label>
          <Select
            id="review-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="pending">Pending</option>
            <option value="verified">Verified</option>
            <option value="rejected">Rejected</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="review-notes">Notes</Label>
          <Textarea
            id="review-notes"
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: v.id, status, notes },
                {
                  onSuccess: () => {
                    notify({
                      title: 'Verification Updated',
                      description: `${v.credentialName} is now ${status}.`,
                    });
                    onDone();
                  },
                  onError: (err) =>
                    notify({
                      title: 'Update Failed',
                      description: errorMessage(err, 'Failed to update verification'),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {update.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
