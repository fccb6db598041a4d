import { useState, type FormEvent } from 'react';
import {
  VERIFICATION_TYPE_LABELS,
  VERIFICATION_TYPES,
  type VerificationType,
} from '@shared/constants/domain';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAddVerification } from '../api';
import { useVerificationDocument } from '../use-verification-document';
import { VerificationDocumentField } from './verification-document-field';

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

export function AddVerificationDialog({
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
  const doc = useVerificationDocument();
  const { documentId, progress } = doc;

  const close = () => {
    setD(EMPTY);
    doc.reset();
    onClose();
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
          <VerificationDocumentField {...doc} />
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
