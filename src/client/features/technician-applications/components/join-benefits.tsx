import { Award, CheckCircle2, DollarSign, Users, Wrench } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

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

/** Why join, and what an applicant needs. */
export function JoinBenefits() {
  return (
    <>
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
    </>
  );
}
