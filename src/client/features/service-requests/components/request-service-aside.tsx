import { CheckCircle2 } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

const NEXT_STEPS = [
  'We review your request',
  'We match you with qualified technicians nearby',
  'Technicians contact you with quotes',
  'You choose the technician that suits you',
  'Schedule the service and get it completed',
];

const REASONS = [
  'Certified, background-checked technicians',
  'Service at your home, work or roadside',
  'Upfront quotes before any work',
  'Free for customers',
];

/** The Request Service page's side column: what happens next, and why us. */
export function RequestServiceAside() {
  return (
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
            {REASONS.map((x) => (
              <li key={x} className="flex gap-2">
                <CheckCircle2 className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
                {x}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
