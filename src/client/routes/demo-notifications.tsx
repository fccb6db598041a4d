import { useMutation } from '@tanstack/react-query';
import { Send, Zap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LOCATION_NAMES } from '@shared/constants/locations';
import {
  SERVICE_TYPES,
  URGENCIES,
  URGENCY_LABELS,
  type Urgency,
} from '@shared/constants/service-types';
import { MIN_PROBLEM_LENGTH, type ServiceRequestResponse } from '@shared/schemas/service-requests';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Textarea } from '../components/ui/textarea';
import { UrgencyBadge } from '../features/notifications/urgency-badge';
import { apiRequest } from '../lib/api-client';
import { notify } from '../lib/toast';

/** The demo page's payload for POST /api/service-requests. */
type DemoRequest = {
  customerName: string;
  phoneNumber: string;
  email: string;
  vehicleInfo: string;
  serviceType: string;
  location: string;
  issueDescription: string;
  urgency: Urgency;
};

const PRESETS: (DemoRequest & { title: string })[] = [
  {
    title: 'Brake emergency',
    customerName: 'Sarah Mitchell',
    phoneNumber: '(301) 555-0142',
    email: 'sarah.mitchell@example.com',
    vehicleInfo: '2018 Honda Civic',
    serviceType: 'Brake Service',
    location: 'Hyattsville, MD',
    issueDescription: 'Grinding noise when braking and the pedal feels soft.',
    urgency: 'high',
  },
  {
    title: 'Battery will not start',
    customerName: 'James Carter',
    phoneNumber: '(240) 555-0187',
    email: 'james.carter@example.com',
    vehicleInfo: '2015 Toyota Camry',
    serviceType: 'Electrical',
    location: 'Landover, MD',
    issueDescription: 'Car clicks but will not start; battery light came on yesterday.',
    urgency: 'medium',
  },
  {
    title: 'Routine oil change',
    customerName: 'Linda Nguyen',
    phoneNumber: '(202) 555-0119',
    email: 'linda.nguyen@example.com',
    vehicleInfo: '2020 Ford Escape',
    serviceType: 'Oil Change',
    location: 'Washington, DC',
    issueDescription: 'Due for an oil change and a general check at my office parking lot.',
    urgency: 'low',
  },
];

const EMPTY: DemoRequest = {
  customerName: '',
  phoneNumber: '',
  email: '',
  vehicleInfo: '',
  serviceType: '',
  location: '',
  issueDescription: '',
  urgency: 'medium',
};

export default function DemoNotifications() {
  const [form, setForm] = useState<DemoRequest>(EMPTY);
  const create = useMutation({
    mutationFn: (body: DemoRequest) =>
      apiRequest<ServiceRequestResponse>('POST', '/api/service-requests', body),
    onSuccess: (created) => {
      const n = created.notifiedTechnicians;
      notify({
        title: 'Demo Service Request Created!',
        description: `Request #${created.id}: ${n} ${n === 1 ? 'technician was' : 'technicians were'} notified and ${n === 1 ? 'has' : 'have'} 5 minutes to respond.`,
      });
    },
    onError: () =>
      notify({
        title: 'Error',
        description: 'Failed to create demo service request. Please try again.',
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };
  const field = (name: keyof DemoRequest) => ({
    id: `demo-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <Page
      title="Demo Job Notifications"
      intro="Create a service request and watch it reach the nearest qualified technicians: up to 5 are notified and have 5 minutes to respond; the job is assigned when one accepts."
      actions={
        <Button variant="outline" asChild>
          <Link to="/technician-notifications">Open Job Notifications</Link>
        </Button>
      }
    >
      <h2 className="mb-4 text-xl font-semibold">Quick Demo Requests</h2>
      <div className="mb-10 grid gap-4 md:grid-cols-3">
        {PRESETS.map(({ title, ...preset }) => (
          <Card key={title}>
            <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
              <CardTitle className="text-lg">{title}</CardTitle>
              <UrgencyBadge urgency={preset.urgency} />
            </CardHeader>
            <CardContent className="space-y-3 text-sm text-slate-600">
              <p>
                {preset.serviceType} · {preset.location}
              </p>
              <p>{preset.issueDescription}</p>
              <Button
                className="w-full"
                disabled={create.isPending}
                onClick={() => create.mutate(preset)}
              >
                <Zap className="mr-2 h-4 w-4" aria-hidden="true" />
                Send {title}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Custom Demo Request</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="demo-customerName">Customer Name *</Label>
              <Input required {...field('customerName')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-email">Email *</Label>
              <Input required type="email" {...field('email')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-phoneNumber">Phone Number</Label>
              <Input type="tel" {...field('phoneNumber')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-vehicleInfo">Vehicle</Label>
              <Input placeholder="2018 Honda Civic" {...field('vehicleInfo')} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-serviceType">Service Type *</Label>
              <Select required {...field('serviceType')}>
                <option value="">Select a service</option>
                {SERVICE_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-location">Location *</Label>
              <Select required {...field('location')}>
                <option value="">Select a location</option>
                {LOCATION_NAMES.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="demo-urgency">Urgency</Label>
              <Select {...field('urgency')}>
                {URGENCIES.map((u) => (
                  <option key={u} value={u}>
                    {URGENCY_LABELS[u]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5 md:col-span-2">
              <Label htmlFor="demo-issueDescription">Issue Description *</Label>
              <Textarea
                required
                minLength={MIN_PROBLEM_LENGTH}
                rows={3}
                {...field('issueDescription')}
              />
            </div>
            <div className="md:col-span-2">
              <Button type="submit" disabled={create.isPending}>
                <Send className="mr-2 h-4 w-4" aria-hidden="true" />
                {create.isPending ? 'Creating...' : 'Create Demo Request'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
