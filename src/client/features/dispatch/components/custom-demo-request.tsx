import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { URGENCIES, URGENCY_LABELS } from '@shared/constants/service-types';
import { PHONE_MESSAGE } from '@shared/phone';
import { toE164 } from '@shared/phone-parse';
import { MIN_PROBLEM_LENGTH } from '@shared/schemas/service-requests';
import { LocationSelect } from '../../../components/location-select';
import { ServiceTypeSelect } from '../../../components/service-type-select';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { invalidProps } from '../../../lib/form-errors';
import type { Urgency } from '@shared/constants/service-types';
import type { DemoRequest } from '../demo-request';

/**
 * The form's draft. Service type stays a plain string: the form starts it empty and its select
 * requires it, so it holds one of the service types by the time the form is submitted.
 */
type DemoDraft = {
  customerName: string;
  phoneNumber: string;
  email: string;
  vehicleInfo: string;
  serviceType: string;
  location: string;
  issueDescription: string;
  urgency: Urgency;
};

const EMPTY: DemoDraft = {
  customerName: '',
  phoneNumber: '',
  email: '',
  vehicleInfo: '',
  serviceType: '',
  location: '',
  issueDescription: '',
  urgency: 'medium',
};

/** A demo request typed by hand; the form empties once the request is created. */
export function CustomDemoRequest({
  pending,
  onSend,
}: {
  pending: boolean;
  onSend: (request: DemoRequest, onCreated: () => void) => void;
}) {
  const [form, setForm] = useState<DemoDraft>(EMPTY);
  const [phoneError, setPhoneError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The phone rule, under the field (the browser checks the required fields).
    const badPhone = form.phoneNumber.trim() !== '' && !toE164(form.phoneNumber);
    setPhoneError(badPhone ? PHONE_MESSAGE : undefined);
    if (badPhone) return;
    onSend(form as DemoRequest, () => setForm(EMPTY));
  };
  const field = (name: keyof DemoDraft) => ({
    id: `demo-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
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
            <Input
              type="tel"
              {...field('phoneNumber')}
              {...invalidProps('demo-phoneNumber', phoneError)}
            />
            <FieldError id="demo-phoneNumber-error" message={phoneError} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="demo-vehicleInfo">Vehicle</Label>
            <Input placeholder="2018 Honda Civic" {...field('vehicleInfo')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="demo-serviceType">Service Type *</Label>
            <ServiceTypeSelect required {...field('serviceType')} placeholder="Select a service" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="demo-location">Location *</Label>
            <LocationSelect required {...field('location')} placeholder="Select a location" />
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
            <Button type="submit" disabled={pending}>
              <Send className="mr-2 h-4 w-4" aria-hidden="true" />
              {pending ? 'Creating...' : 'Create Demo Request'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
