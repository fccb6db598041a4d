import { Zap } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { Urgency } from '@shared/constants/service-types';
import type { DemoRequest } from '../demo-request';
import { UrgencyBadge } from './urgency-badge';

const PRESETS: (DemoRequest & { title: string; urgency: Urgency })[] = [
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

/** Ready-made requests, one click each. */
export function DemoPresets({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (request: DemoRequest) => void;
}) {
  return (
    <>
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
              <Button className="w-full" disabled={disabled} onClick={() => onSend(preset)}>
                <Zap className="mr-2 h-4 w-4" aria-hidden="true" />
                Send {title}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
