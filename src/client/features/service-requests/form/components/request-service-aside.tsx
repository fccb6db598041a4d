import { CheckCircle2 } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';

// The real flow (ADR 010): the nearest available technicians are offered the request and the
// first to accept takes it; a quote comes on site, before any work.
const NEXT_STEPS = [
  'We offer your request to the nearest available, verified technicians',
  'The first technician to accept takes the job, and we tell you who it is',
  'They propose an arrival window for you to confirm',
  'On site, they quote before any work starts; you approve it or not',
  'The work is done and you pay the invoice, online or in person',
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
