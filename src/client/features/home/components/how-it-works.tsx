import { CalendarCheck, ClipboardList, Search } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Describe the problem',
    text: 'Tell us about your vehicle and what it needs.',
  },
  {
    icon: Search,
    title: 'Get matched',
    text: 'Nearby certified technicians are notified right away.',
  },
  {
    icon: CalendarCheck,
    title: 'Get it fixed',
    text: 'Your mechanic comes to you: home, work or roadside.',
  },
];

export function HowItWorks() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-center text-3xl font-bold">
        How It Works
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <Card key={s.title} className="text-center">
            <CardContent className="space-y-3 pt-6">
              <s.icon className="mx-auto h-10 w-10 text-brand-600" aria-hidden="true" />
              <h3 className="text-lg font-semibold">
                {i + 1}. {s.title}
              </h3>
              <p className="text-slate-600">{s.text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
