import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Award,
  Check,
  CheckCircle2,
  DollarSign,
  FileText,
  Upload,
  Users,
  Wrench,
} from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { BRAND } from '@shared/brand';
import { LIMITS } from '@shared/constants/domain';
import { APPLICATION_SPECIALTIES } from '@shared/constants/service-types';
import {
  APPLICATION_DOCUMENT_SLOTS,
  APPLICATION_STATE_LABELS,
  APPLICATION_STATES,
  technicianApplicationSchema,
} from '@shared/schemas/applications';
import type { Plan } from '@shared/schemas/plans';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { FieldError } from '../components/ui/form';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Textarea } from '../components/ui/textarea';
import { apiRequest, errorMessage, getJson } from '../lib/api-client';
import { notify } from '../lib/toast';
import { uploadDocument } from '../lib/upload';

type Slot = (typeof APPLICATION_DOCUMENT_SLOTS)[number];
type Field =
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

const BENEFITS = [
  {
    icon: Users,
    title: 'Direct Customer Connections',
    text: 'Get matched with vehicle owners near you and keep every customer relationship.',
  },
  {
    icon: DollarSign,
    title: 'Affordable Pricing',
    text: 'A small monthly plan instead of commissions: you keep what you earn.',
  },
  {
    icon: Wrench,
    title: 'Professional Tools',
    text: 'Quotes, signatures, invoices and payments on your phone, plus free repair software.',
  },
];

const REQUIREMENTS = [
  "Valid driver's license",
  'ASE certification preferred',
  'Minimum 2 years experience',
  'Coverage of the DC Metro area',
  'Professional references',
];

function PriceTeaser() {
  const { data } = useQuery({
    queryKey: ['/api/plans'],
    queryFn: () => getJson<Plan[]>('/api/plans'),
  });
  const cheapest = data?.length ? Math.min(...data.map((p) => p.price)) : null;
  if (cheapest === null) return null;
  return (
    <p className="mt-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold">
      Plans from ${cheapest.toFixed(2)}/month · No commissions
    </p>
  );
}

export default function Join() {
  const formRef = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [uploads, setUploads] = useState<Uploads>({});
  const [progress, setProgress] = useState<Partial<Record<Slot['field'], number>>>({});
  // Remounts the file inputs on reset.
  const [generation, setGeneration] = useState(0);

  const submit = useMutation({
    mutationFn: (body: unknown) => apiRequest('POST', '/api/technician-applications', body),
    onSuccess: () => {
      notify({
        title: 'Application Submitted',
        description:
          "Thank you for your application! We'll review it and get back to you within 2-3 business days.",
      });
      setForm(EMPTY);
      setUploads({});
      setProgress({});
      setErrors({});
      setGeneration((g) => g + 1);
    },
    onError: (err) =>
      notify({
        title: 'Application Failed',
        description: errorMessage(err, 'Failed to submit application. Please try again.'),
        variant: 'destructive',
      }),
  });

  const upload = async (slot: Slot, file: File | undefined) => {
    if (!file) return;
    if (file.size > LIMITS.maxUploadBytes) {
      notify({
        title: 'Upload Failed',
        description: 'The file is larger than 10 MB.',
        variant: 'destructive',
      });
      return;
    }
    setProgress((p) => ({ ...p, [slot.field]: 0 }));
    try {
      const { uploadURL } = await uploadDocument(file, {
        onProgress: (n) => setProgress((p) => ({ ...p, [slot.field]: n })),
      });
      setUploads((u) => ({ ...u, [slot.field]: uploadURL }));
      notify({ title: 'Document Uploaded', description: `${slot.label} uploaded successfully` });
    } catch (err) {
      notify({
        title: 'Upload Failed',
        description: errorMessage(err, `${slot.label} could not be uploaded. Please try again.`),
        variant: 'destructive',
      });
    } finally {
      setProgress((p) => ({ ...p, [slot.field]: undefined }));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
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
    submit.mutate(body);
  };

  const input = (name: Field) => ({
    id: `join-${name}`,
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const err = (name: string) => <FieldError message={errors[name]} />;

  return (
    <div>
      <section className="bg-gradient-to-br from-blue-700 to-blue-900 px-4 py-16 text-white">
        <div className="mx-auto max-w-5xl text-center">
          <h1 className="text-4xl font-bold tracking-tight">Join {BRAND.name}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
            Grow your mobile mechanic business with customers across the DC metro area.
          </p>
          <PriceTeaser />
          <div className="mt-8">
            <Button
              size="lg"
              variant="secondary"
              onClick={() => {
                formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              Apply Now
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardContent className="space-y-2 pt-6">
              <Icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
              <h2 className="text-lg font-semibold">{title}</h2>
              <p className="text-sm text-slate-600">{text}</p>
            </CardContent>
          </Card>
        ))}
      </section>

      <section className="mx-auto max-w-5xl px-4 pb-12">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Award className="h-5 w-5" aria-hidden="true" /> Requirements
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-2">
              {REQUIREMENTS.map((r) => (
                <li key={r} className="flex items-center gap-2 text-slate-700">
                  <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden="true" /> {r}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>

      <div ref={formRef} id="application" className="mx-auto max-w-3xl scroll-mt-20 px-4 pb-16">
        <h2 className="mb-6 text-2xl font-bold">Technician Application</h2>
        <form onSubmit={onSubmit} noValidate className="space-y-8">
          <Card>
            <CardHeader>
              <CardTitle>Personal Information</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="join-firstName">First Name *</Label>
                <Input {...input('firstName')} />
                {err('firstName')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="join-lastName">Last Name *</Label>
                <Input {...input('lastName')} />
                {err('lastName')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="join-email">Email *</Label>
                <Input type="email" {...input('email')} />
                {err('email')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="join-phone">Phone *</Label>
                <Input type="tel" {...input('phone')} />
                {err('phone')}
              </div>
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="join-address">Street Address *</Label>
                <Input {...input('address')} />
                {err('address')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="join-city">City *</Label>
                <Input {...input('city')} />
                {err('city')}
              </div>
              <div className="grid grid-cols-2 gap-4">
                <div className="space-y-1.5">
                  <Label htmlFor="join-state">State *</Label>
                  <Select {...input('state')}>
                    <option value="">Select state</option>
                    {APPLICATION_STATES.map((s) => (
                      <option key={s} value={s}>
                        {APPLICATION_STATE_LABELS[s]}
                      </option>
                    ))}
                  </Select>
                  {err('state')}
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="join-zipCode">ZIP Code *</Label>
                  <Input inputMode="numeric" {...input('zipCode')} />
                  {err('zipCode')}
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Professional Information</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="join-yearsExperience">Years of Experience *</Label>
                <Input type="number" min={0} {...input('yearsExperience')} />
                {err('yearsExperience')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="join-hourlyRate">Hourly Rate ($) *</Label>
                <Input type="number" min={10} step={0.01} {...input('hourlyRate')} />
                {err('hourlyRate')}
              </div>
              <fieldset className="space-y-2 sm:col-span-2">
                <legend className="text-sm font-medium">Specialties *</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {APPLICATION_SPECIALTIES.map((s) => (
                    <label key={s} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        checked={form.specialties.includes(s)}
                        onChange={(e) =>
                          setForm({
                            ...form,
                            specialties: e.target.checked
                              ? [...form.specialties, s]
                              : form.specialties.filter((x) => x !== s),
                          })
                        }
                      />
                      {s}
                    </label>
                  ))}
                </div>
                {err('specialties')}
              </fieldset>
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="join-bio">Bio *</Label>
                <Textarea
                  rows={4}
                  placeholder="Tell customers about your experience (at least 50 characters)"
                  {...input('bio')}
                />
                {err('bio')}
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Required Documentation</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {APPLICATION_DOCUMENT_SLOTS.map((slot) => (
                <DocumentSlot
                  key={`${slot.field}-${generation}`}
                  slot={slot}
                  uploaded={!!uploads[slot.field]}
                  progress={progress[slot.field]}
                  onFile={(file) => void upload(slot, file)}
                />
              ))}
              <p className="text-xs text-slate-500">
                PDF, PNG, JPEG, WebP or HEIC, one file each, up to 10 MB.
              </p>
            </CardContent>
          </Card>

          <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
            <p className="mb-2 flex items-center gap-2 font-semibold">
              <FileText className="h-4 w-4" aria-hidden="true" /> What happens next
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>We review your application within 2-3 business days.</li>
              <li>Our admin team verifies your credentials and background.</li>
              <li>You get an e-mail when your application status changes.</li>
              <li>Job notifications start once you are approved.</li>
            </ul>
          </div>

          <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting Application...' : 'Submit Application'}
          </Button>
        </form>
      </div>
    </div>
  );
}

function DocumentSlot({
  slot,
  uploaded,
  progress,
  onFile,
}: {
  slot: Slot;
  uploaded: boolean;
  progress: number | undefined;
  onFile: (file: File | undefined) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `join-doc-${slot.field}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div>
        <p className="font-medium">
          {slot.label} {slot.required && '*'}
        </p>
        {progress !== undefined && (
          <div
            role="progressbar"
            aria-label={`${slot.label} upload progress`}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-2 h-2 w-48 overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        aria-label={`${slot.label} file`}
        accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic"
        className="hidden"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {uploaded ? (
        <Button type="button" variant="outline" disabled>
          <Check className="mr-2 h-4 w-4 text-green-600" aria-hidden="true" />
          Uploaded
        </Button>
      ) : (
        <Button
          type="button"
          variant="outline"
          disabled={progress !== undefined}
          onClick={() => inputRef.current?.click()}
        >
          <Upload className="mr-2 h-4 w-4" aria-hidden="true" />
          {progress !== undefined ? `Uploading ${progress}%` : `Upload ${slot.label}`}
        </Button>
      )}
    </div>
  );
}
