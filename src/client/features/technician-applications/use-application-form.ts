import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  APPLICATION_DOCUMENT_SLOTS,
  technicianApplicationSchema,
  type TechnicianApplicationInput,
} from '@shared/schemas/applications';
import { useFormError } from '../../components/ui/form-error';
import { notify } from '../../lib/toast';
import { uploadDocument, uploadFailure, uploadProblem } from '../../lib/api/upload-document';
import { submitApplication } from './api/submit-application';
import { focusFirstError } from '../../lib/focus-first-error';
import { useUploads } from '../../lib/use-uploads';

export type Slot = (typeof APPLICATION_DOCUMENT_SLOTS)[number];
export type Field =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'yearsExperience'
  | 'hourlyRate'
  | 'bio';
type FormState = Record<Field, string> & { specialties: string[] };

const EMPTY: FormState = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  yearsExperience: '',
  hourlyRate: '',
  bio: '',
  specialties: [],
};
type Uploads = Partial<Record<Slot['field'], string>>;

/** The application form's state: fields, errors, document uploads and the submission. */
export function useApplicationForm() {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [uploads, setUploads] = useState<Uploads>({});
  /** The slots' uploads under way. */
  const { uploads: uploading, track } = useUploads<Slot['field']>();
  /** Why a slot's last upload failed, shown in the slot. */
  const [uploadErrors, setUploadErrors] = useState<Partial<Record<Slot['field'], string>>>({});
  // Remounts the file inputs on reset.
  const [generation, setGeneration] = useState(0);

  // The server's refusal (address already applied, too many attempts) stays by the button.
  const failure = useFormError();
  const submit = useMutation({
    mutationFn: submitApplication,
    onSuccess: () => {
      notify({
        title: 'Application Submitted',
        description:
          "Thank you for your application! We'll review it and get back to you within 2-3 business days.",
      });
      setForm(EMPTY);
      setUploads({});
      setUploadErrors({});
      setErrors({});
      setGeneration((g) => g + 1);
    },
    onError: (err) =>
      notify({
        title: 'Application Failed',
        description: failure.report(err, 'Failed to submit application. Please try again.'),
        variant: 'destructive',
      }),
  });

  const upload = async (slot: Slot, file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file);
    setUploadErrors((u) => ({ ...u, [slot.field]: problem ?? undefined }));
    if (problem) return;
    try {
      const { uploadURL } = await track(slot.field, (reports) =>
        uploadDocument(file, undefined, reports),
      );
      setUploads((u) => ({ ...u, [slot.field]: uploadURL }));
      notify({ title: 'Document Uploaded', description: `${slot.label} uploaded successfully` });
    } catch (err) {
      setUploadErrors((u) => ({ ...u, [slot.field]: uploadFailure(err) }));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const body = {
      ...form,
      state: form.state || undefined,
      yearsExperience: form.yearsExperience === '' ? undefined : Number(form.yearsExperience),
      hourlyRate: form.hourlyRate === '' ? undefined : Number(form.hourlyRate),
      ...uploads,
    };
    const parsed = technicianApplicationSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[key] ??= issue.message;
      }
      setErrors(next);
      focusFirstError(e.currentTarget);
      return;
    }
    setErrors({});
    const missing = APPLICATION_DOCUMENT_SLOTS.filter((s) => s.required && !uploads[s.field]);
    if (missing.length > 0) {
      notify({
        title: 'Missing Required Documents',
        description: `Please upload: ${missing.map((s) => s.label).join(', ')}`,
        variant: 'destructive',
      });
      return;
    }
    // Checked by the schema just above; the server parses it again.
    submit.mutate(body as TechnicianApplicationInput);
  };

  const input = (name: Field) => ({
    id: `join-${name}`,
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return {
    form,
    setForm,
    errors,
    uploads,
    uploadErrors,
    uploading,
    generation,
    submit,
    failure,
    upload,
    onSubmit,
    input,
  };
}

export type ApplicationFormState = ReturnType<typeof useApplicationForm>;
