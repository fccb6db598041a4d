import { FileText, Plus, ShieldCheck, Trash2, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  LIMITS,
  VERIFICATION_TYPE_LABELS,
  VERIFICATION_TYPES,
  type VerificationType,
} from '@shared/constants/domain';
import type { Verification } from '@shared/schemas/verifications';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { Textarea } from '../components/ui/textarea';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import {
  useAddVerification,
  useDeleteVerification,
  useOwnVerifications,
} from '../features/verifications/api';
import { formatDate, VerificationStatusBadge } from '../features/verifications/status-badge';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';
import { uploadDocument } from '../lib/upload';

export default function TechnicianVerifications() {
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
        hint="Demo technician: username technician, password wrenchly-demo"
      />
    );
  if (user.role === 'customer')
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message="Credential verification is for technicians."
      />
    );
  if (user.technicianId === null)
    return (
      <Page title="My Verifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Administrators review technicians' credentials on the{' '}
            <Link className="text-blue-700 underline" to="/admin-verifications">
              verification management
            </Link>{' '}
            page.
          </CardContent>
        </Card>
      </Page>
    );
  return <MyVerifications technicianId={user.technicianId} />;
}

function MyVerifications({ technicianId }: { technicianId: number }) {
  const list = useOwnVerifications(technicianId);
  const remove = useDeleteVerification();
  const [adding, setAdding] = useState(false);

  return (
    <Page
      title="My Verifications"
      intro="Your licenses, certifications, insurance and background check. Our admin team reviews each one; verified credentials keep job notifications coming."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="mr-2 h-4 w-4" aria-hidden="true" /> Add Verification
        </Button>
      }
    >
      {list.isLoading ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, 'Failed to load verifications')}
        </p>
      ) : list.data!.length === 0 ? (
        <Card>
          <CardContent className="space-y-3 pt-6 text-center text-slate-600">
            <ShieldCheck className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p>No verifications yet. Add your license and insurance to start receiving jobs.</p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {list.data!.map((v) => (
            <VerificationCard
              key={v.id}
              v={v}
              deleting={remove.isPending && remove.variables === v.id}
              onDelete={() =>
                remove.mutate(v.id, {
                  onSuccess: () =>
                    notify({ title: 'Success', description: 'Verification deleted successfully' }),
                  onError: () =>
                    notify({
                      title: 'Error',
                      description: 'Failed to delete verification',
                      variant: 'destructive',
                    }),
                })
              }
            />
          ))}
        </div>
      )}
      <AddVerificationDialog
        technicianId={technicianId}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </Page>
  );
}

function VerificationCard({
  v,
  deleting,
  onDelete,
}: {
  v: Verification;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Card data-testid="verification">
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle className="text-lg">{v.credentialName}</CardTitle>
          <p className="text-sm text-slate-600">
            {VERIFICATION_TYPE_LABELS[v.verificationType]} · {v.issuingOrganization}
          </p>
        </div>
        <VerificationStatusBadge status={v.verificationStatus} />
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {v.credentialNumber && <p>Credential Number: {v.credentialNumber}</p>}
        {v.issueDate && <p>Issued: {formatDate(v.issueDate)}</p>}
        {v.expirationDate && <p>Expires: {formatDate(v.expirationDate)}</p>}
        {v.documentUrl && (
          <a
            href={v.documentUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-blue-700 underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> View document
          </a>
        )}
        {v.verificationStatus === 'rejected' && v.notes && (
          <div className="rounded-md bg-red-50 p-3 text-red-800">
            <p className="font-semibold">Rejection Reason</p>
            <p>{v.notes}</p>
          </div>
        )}
        {v.verificationStatus === 'verified' && v.verifiedAt && (
          <p className="text-green-700">
            Verified on {formatDate(v.verifiedAt)}
            {v.verifiedBy && ` by ${v.verifiedBy}`}
          </p>
        )}
        {v.verificationStatus === 'pending' && (
          <Button variant="outline" size="sm" disabled={deleting} onClick={onDelete}>
            <Trash2 className="mr-2 h-4 w-4" aria-hidden="true" />
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

type Draft = {
  verificationType: VerificationType | '';
  credentialName: string;
  issuingOrganization: string;
  issueDate: string;
  expirationDate: string;
  credentialNumber: string;
  notes: string;
};
const EMPTY: Draft = {
  verificationType: '',
  credentialName: '',
  issuingOrganization: '',
  issueDate: '',
  expirationDate: '',
  credentialNumber: '',
  notes: '',
};

function AddVerificationDialog({
  technicianId,
  open,
  onClose,
}: {
  technicianId: number;
  open: boolean;
  onClose: () => void;
}) {
  const add = useAddVerification();
  const [d, setD] = useState<Draft>(EMPTY);
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const close = () => {
    setD(EMPTY);
    setDocumentId(null);
    setProgress(null);
    onClose();
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LIMITS.maxUploadBytes) {
      notify({
        title: 'Error',
        description: 'The file is larger than 10 MB.',
        variant: 'destructive',
      });
      return;
    }
    setProgress(0);
    try {
      const target = await uploadDocument(file, { kind: 'verification', onProgress: setProgress });
      setDocumentId(target.documentId);
      notify({ title: 'Document Uploaded', description: `${file.name} uploaded successfully` });
    } catch (err) {
      notify({
        title: 'Error',
        description: errorMessage(err, 'The document could not be uploaded.'),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!d.verificationType || !d.credentialName.trim() || !d.issuingOrganization.trim()) {
      notify({
        title: 'Error',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      return;
    }
    add.mutate(
      { ...d, verificationType: d.verificationType, technicianId, documentId },
      {
        onSuccess: () => {
          notify({ title: 'Success', description: 'Verification submitted for review' });
          close();
        },
        onError: (err) =>
          notify({
            title: 'Error',
            description: errorMessage(err, 'Failed to submit verification'),
            variant: 'destructive',
          }),
      },
    );
  };

  const field = (name: keyof Draft) => ({
    id: `ver-${name}`,
    value: d[name],
    onChange: (e: { target: { value: string } }) => setD({ ...d, [name]: e.target.value }),
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add Verification</DialogTitle>
          <DialogDescription>Submit a credential for review by our admin team.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="ver-verificationType">Verification Type *</Label>
            <Select {...field('verificationType')}>
              <option value="">Select type</option>
              {VERIFICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {VERIFICATION_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-credentialName">Credential Name *</Label>
            <Input {...field('credentialName')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-issuingOrganization">Issuing Organization *</Label>
            <Input {...field('issuingOrganization')} />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-1.5">
              <Label htmlFor="ver-issueDate">Issue Date</Label>
              <Input type="date" {...field('issueDate')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="ver-expirationDate">Expiration Date</Label>
              <Input type="date" {...field('expirationDate')} />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-credentialNumber">Credential Number</Label>
            <Input {...field('credentialNumber')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-notes">Notes</Label>
            <Textarea rows={2} {...field('notes')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-document">Document (optional)</Label>
            {documentId ? (
              <p className="text-sm text-green-700">Document attached.</p>
            ) : (
              <div className="flex items-center gap-2">
                <Upload className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <Input
                  id="ver-document"
                  type="file"
                  accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic"
                  disabled={progress !== null}
                  onChange={(e) => {
                    void attach(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </div>
            )}
            {progress !== null && (
              <div
                role="progressbar"
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
                className="h-2 overflow-hidden rounded bg-slate-200"
              >
                <div className="h-full bg-blue-600" style={{ width: `${progress}%` }} />
              </div>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending || progress !== null}>
              {add.isPending ? 'Submitting...' : 'Submit Verification'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
