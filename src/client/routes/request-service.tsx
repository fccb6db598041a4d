import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { BRAND } from '@shared/brand';
import { LOCATION_NAMES } from '@shared/constants/locations';
import {
  SERVICE_TYPES,
  URGENCIES,
  URGENCY_LABELS,
  type Urgency,
} from '@shared/constants/service-types';
import {
  MIN_PROBLEM_LENGTH,
  PROBLEM_TOO_SHORT,
  composeServiceDescription,
  vehicleYearSchema,
} from '@shared/schemas/service-requests';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { FieldError } from '../components/ui/form';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Textarea } from '../components/ui/textarea';
import { ApiError, apiRequest } from '../lib/api-client';
import { notify } from '../lib/toast';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Form = {
  fullName: string;
  email: string;
  phone: string;
  serviceType: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  mileage: string;
  description: string;
  location: string;
  urgency: Urgency;
  preferredDate: string;
};
const blank: Form = {
  fullName: '',
  email: '',
  phone: '',
  serviceType: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  mileage: '',
  description: '',
  location: '',
  urgency: 'medium',
  preferredDate: '',
};

/** Which form field a field of the request body comes from, for the server's 400 issues. */
const FIELD_OF: Record<string, keyof Form> = {
  serviceType: 'serviceType',
  description: 'description',
  location: 'location',
  preferredDate: 'preferredDate',
  customerName: 'fullName',
  customerEmail: 'email',
  vehicleYear: 'vehicleYear',
};

/** The server's field issues of a 400, as inline errors (empty when there are none). */
function serverFieldErrors(err: unknown): Partial<Record<keyof Form, string>> {
  const out: Partial<Record<keyof Form, string>> = {};
  if (!(err instanceof ApiError) || err.status !== 400) return out;
  try {
    const body = JSON.parse(err.body) as { issues?: { path: string; message: string }[] };
    for (const issue of body.issues ?? []) {
      const key = FIELD_OF[issue.path.split('.')[0] ?? ''];
      if (key) out[key] ??= issue.message;
    }
  } catch {
    // Not JSON: no field errors.
  }
  return out;
}

const NEXT_STEPS = [
  'We review your request',
  'We match you with qualified technicians nearby',
  'Technicians contact you with quotes',
  'You choose the technician that suits you',
  'Schedule the service and get it completed',
];

export default function RequestService() {
  const [params] = useSearchParams();
  const prefill = (): Form => ({
    ...blank,
    serviceType: SERVICE_TYPES.find((s) => s === params.get('serviceType')) ?? '',
    location: LOCATION_NAMES.find((l) => l === params.get('location')) ?? '',
    vehicleYear: params.get('vehicleYear') ?? '',
    vehicleMake: params.get('vehicleMake') ?? '',
    vehicleModel: params.get('vehicleModel') ?? '',
  });
  const [form, setForm] = useState<Form>(prefill);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const submit = useMutation({
    mutationFn: (body: unknown) => apiRequest('POST', '/api/service-requests', body),
  });

  const validate = () => {
    const e: typeof errors = {};
    if (!form.fullName.trim()) e.fullName = 'Full name is required';
    if (!EMAIL.test(form.email.trim())) e.email = 'Please enter a valid email address';
    if (!form.serviceType) e.serviceType = 'Please select a service type';
    if (!form.vehicleYear.trim()) e.vehicleYear = 'Vehicle year is required';
    else {
      const year = vehicleYearSchema.safeParse(form.vehicleYear);
      if (!year.success) e.vehicleYear = year.error.issues[0]?.message;
    }
    if (!form.vehicleMake.trim()) e.vehicleMake = 'Vehicle make is required';
    if (!form.vehicleModel.trim()) e.vehicleModel = 'Vehicle model is required';
    if (!form.description.trim()) e.description = 'Please describe the problem';
    else if (form.description.trim().length < MIN_PROBLEM_LENGTH) e.description = PROBLEM_TOO_SHORT;
    if (!form.location) e.location = 'Please select your location';
    if (form.preferredDate && form.preferredDate < todayLocal())
      e.preferredDate = 'Preferred date cannot be in the past';
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) return;
    const vehicle = `${form.vehicleYear.trim()} ${form.vehicleMake.trim()} ${form.vehicleModel.trim()}`;
    submit.mutate(
      {
        customerId: 1,
        serviceType: form.serviceType,
        description: composeServiceDescription({
          problem: form.description,
          customerName: form.fullName,
          email: form.email,
          phone: form.phone,
          vehicle,
          mileage: form.mileage,
        }),
        urgency: form.urgency,
        location: form.location,
        preferredDate: form.preferredDate || null,
        customerName: form.fullName.trim(),
        customerEmail: form.email.trim(),
        customerPhone: form.phone.trim() || undefined,
        vehicleInfo: vehicle,
        vehicleYear: form.vehicleYear.trim(),
      },
      {
        onSuccess: () => {
          notify({
            title: 'Service request submitted!',
            description: "We'll match you with qualified technicians in your area.",
          });
          setForm(blank);
          setErrors({});
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err);
          if (Object.keys(fieldErrors).length > 0) {
            setErrors(fieldErrors);
            return;
          }
          notify({
            title: 'Error',
            description: 'Failed to submit service request. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const field = <K extends keyof Form>(key: K) => ({
    id: `rs-${key}`,
    value: form[key],
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `rs-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const err = (key: keyof Form) => <FieldError id={`rs-${key}-error`} message={errors[key]} />;

  return (
    <Page
      title="Request Automotive Service"
      intro="Tell us about your vehicle and the problem. We'll connect you with certified mobile mechanics near you."
    >
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="pt-6">
            <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="rs-fullName">Full Name *</Label>
                <Input {...field('fullName')} autoComplete="name" />
                {err('fullName')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-email">Email *</Label>
                <Input {...field('email')} type="email" autoComplete="email" />
                {err('email')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-phone">Phone</Label>
                <Input {...field('phone')} type="tel" autoComplete="tel" />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-serviceType">Service Type *</Label>
                <Select {...field('serviceType')}>
                  <option value="">Select a service</option>
                  {SERVICE_TYPES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
                {err('serviceType')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-vehicleYear">Vehicle Year *</Label>
                <Input {...field('vehicleYear')} inputMode="numeric" />
                {err('vehicleYear')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-vehicleMake">Vehicle Make *</Label>
                <Input {...field('vehicleMake')} />
                {err('vehicleMake')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-vehicleModel">Vehicle Model *</Label>
                <Input {...field('vehicleModel')} />
                {err('vehicleModel')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-mileage">Mileage</Label>
                <Input {...field('mileage')} inputMode="numeric" />
              </div>
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="rs-description">Problem Description *</Label>
                <Textarea
                  {...field('description')}
                  placeholder="What is happening with your vehicle?"
                />
                {err('description')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-location">Location *</Label>
                <Select {...field('location')}>
                  <option value="">Select your location</option>
                  {LOCATION_NAMES.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </Select>
                {err('location')}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-urgency">Urgency</Label>
                <Select {...field('urgency')}>
                  {URGENCIES.map((u) => (
                    <option key={u} value={u}>
                      {URGENCY_LABELS[u]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="rs-preferredDate">Preferred Date</Label>
                <Input {...field('preferredDate')} type="date" min={todayLocal()} />
                {err('preferredDate')}
              </div>
              <div className="flex flex-wrap gap-3 sm:col-span-2">
                <Button type="submit" disabled={submit.isPending}>
                  {submit.isPending ? 'Submitting...' : 'Submit Request'}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setForm(blank);
                    setErrors({});
                  }}
                >
                  Clear Form
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>What Happens Next?</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="space-y-3">
                {NEXT_STEPS.map((s, i) => (
                  <li key={s} className="flex gap-3 text-sm">
                    <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
                      {i + 1}
                    </span>
                    {s}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Why Choose {BRAND.name}?</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2 text-sm">
                {[
                  'Certified, background-checked technicians',
                  'Service at your home, work or roadside',
                  'Upfront quotes before any work',
                  'Free for customers',
                ].map((x) => (
                  <li key={x} className="flex gap-2">
                    <CheckCircle2 className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
                    {x}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </Page>
  );
}
