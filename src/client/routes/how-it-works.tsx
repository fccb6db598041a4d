import { Car, Phone, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { PATHS } from '@shared/paths';

const STEPS = [
  {
    icon: Phone,
    title: 'Enter your contact info',
    text: 'Tell us who you are and how we can reach you. Customers never pay to use Wrenchly.',
  },
  {
    icon: Car,
    title: 'Describe the vehicle problem',
    text: 'Share the year, make and model and what is going on: noises, warning lights, maintenance due.',
  },
  {
    icon: Users,
    title: 'Get connected',
    text: 'We notify certified technicians near you. The first to accept contacts you with a quote and comes to you.',
  },
];

export default function HowItWorks() {
  return (
    <Page
      title="How It Works"
      intro="Getting your car fixed without going to the shop takes three steps."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <Card className="h-full">
              <CardContent className="space-y-3 pt-6">
                <s.icon className="h-10 w-10 text-brand-600" aria-hidden="true" />
                <h2 className="text-xl font-semibold">
                  Step {i + 1}: {s.title}
                </h2>
                <p className="text-slate-600">{s.text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-10 text-center">
        <Button size="lg" asChild>
          <Link to={PATHS.requestService}>Request Service Now</Link>
        </Button>
      </div>
    </Page>
  );
}
