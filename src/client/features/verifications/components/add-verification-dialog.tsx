import { useState, type FormEvent } from 'react';
import {
  VERIFICATION_TYPE_LABELS,
  VERIFICATION_TYPES,
  type VerificationType,
} from '@shared/constants/domain';
import {
  createVerificationSchema,
  REQUIRED_FIELDS_MESSAGE,
  type CreateVerificationInput,
} from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import {
  invalidProps,
  issuesToErrors,
  serverErrors,
  type FormErrors,
} from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useAddVerification } from '../api/add-verification';
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
const FIELDS = [
  'verificationType',
  'credentialName',
  'issuingOrganization',
  'issueDate',
  'expirationDate',
  'credentialNumber',
  'notes',
] as const satisfies readonly (keyof Draft)[];
type Errors = FormErrors<(typeof FIELDS)[number]>;

/** Under a required field, which one is missing (the schema's message names none). */
const REQUIRED: Partial<Record<keyof Draft, string>> = {
  verificationType: 'Choose a verification type',
  credentialName: 'Enter the credential name',
  issuingOrganization: 'Enter the issuing organization',
};

/** The messages under the fields: the shared schema's, as the server will answer. */
function check(body: unknown): Errors {
  const parsed = createVerificationSchema.safeParse(body);
  if (parsed.success) return {};
  const errors = issuesToErrors(parsed.error.issues, FIELDS);
  for (const k of FIELDS)
    if (errors[k] === REQUIRED_FIELDS_MESSAGE) errors[k] = REQUIRED[k] ?? errors[k];
  return errors;
}

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
  const [errors, setErrors] = useState<Errors>({});
  const doc = useVerificationDocument();
  const { documentId, upload } = doc;

  const close = () => {
    setD(EMPTY);
    setErrors({});
    doc.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...d, verificationType: d.verificationType, technicianId, documentId };
    const found = check(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The spec's toast for missing required fields; the fields say which.
      if (Object.values(found).some((m) => Object.values(REQUIRED).includes(m)))
        notify({ title: 'Error', description: REQUIRED_FIELDS_MESSAGE, variant: 'destructive' });
      return;
    }
    add.mutate(body as CreateVerificationInput, {
      onSuccess: () => {
        notify({ title: 'Success', description: 'Verification submitted for review' });
        close();
      },
      onError: (err) => setErrors(serverErrors(err, FIELDS, 'Failed to submit verification')),
    });
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `ver-${name}`,
    value: d[name],
    ...invalidProps(`ver-${name}`, errors[name]),
    onChange: (e: { target: { value: string } }) => {
      setD({ ...d, [name]: e.target.value });
      setErrors(({ [name]: _field, form: _form, ...rest }) => rest);
    },
  });
  const message = (name: (typeof FIELDS)[number]) => (
    <FieldError id={`ver-${name}-error`} message={errors[name]} />
  );

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
            {message('verificationType')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-credentialName">Credential Name *</Label>
            <Input {...field('credentialName')} />
            {message('credentialName')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-issuingOrganization">Issuing Organization *</Label>
            <Input {...field('issuingOrganization')} />
            {message('issuingOrganization')}
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-1.5">
              <Label htmlFor="ver-issueDate">Issue Date</Label>
              <Input type="date" {...field('issueDate')} />
              {message('issueDate')}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="ver-expirationDate">Expiration Date</Label>
              <Input type="date" {...field('expirationDate')} />
              {message('expirationDate')}
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-credentialNumber">Credential Number</Label>
            <Input {...field('credentialNumber')} />
            {message('credentialNumber')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ver-notes">Notes</Label>
            <Textarea rows={2} {...field('notes')} />
            {message('notes')}
          </div>
          <VerificationDocumentField {...doc} />
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending || upload !== null}>
              {add.isPending ? 'Submitting...' : 'Submit Verification'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
