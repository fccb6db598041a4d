import { Page } from '../components/page';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { BRAND } from '@shared/brand';

const SECTIONS = [
  {
    title: 'Protective Equipment',
    items: [
      'Eye protection when working under the vehicle or with fluids',
      'Gloves for chemicals, hot parts and sharp edges',
      'Head protection when working under lifted vehicles',
      'Protective clothing and safety footwear',
    ],
  },
  {
    title: 'Verification Standards',
    items: [
      "Driver's license and identity checked",
      'ASE certifications verified with the issuing body',
      'General liability insurance on file',
      'Background check before approval',
    ],
  },
  {
    title: 'Customer Safety Measures',
    items: [
      'Technician name, photo and rating shown before you book',
      'Quotes approved by you before work starts',
      'Payments and receipts through the platform',
    ],
  },
  {
    title: 'Reporting Concerns',
    items: [
      `Contact ${BRAND.supportEmail} or ${BRAND.supportPhone}`,
      'We respond within 24 hours on business days',
      'Technicians can be suspended while a report is reviewed',
    ],
  },
];

export default function SafetyTrust() {
  return (
    <Page title="Safety and Trust" intro="How we keep customers and technicians safe.">
      <div className="grid gap-6 md:grid-cols-2">
        {SECTIONS.map((s) => (
          <Card key={s.title}>
            <CardHeader>
              <CardTitle>{s.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </Page>
  );
}
