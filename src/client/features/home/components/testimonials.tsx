import { Star } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';

const TESTIMONIALS = [
  {
    name: 'Sarah M.',
    place: 'Bowie, MD',
    text: 'My car would not start in the office parking lot. A Wrenchly mechanic was there within the hour and replaced the battery on the spot.',
  },
  {
    name: 'David L.',
    place: 'Washington, DC',
    text: 'Brake pads and rotors done in my driveway for less than the dealer quoted. Clear pricing and great communication.',
  },
  {
    name: 'Angela R.',
    place: 'Waldorf, MD',
    text: 'I love not having to sit in a waiting room. The technician explained everything and sent me a receipt by e-mail.',
  },
];

export function Testimonials() {
  return (
    <section
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
      aria-labelledby="testimonials-heading"
    >
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
        What Our Customers Say
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <Card key={t.name}>
            <CardContent className="space-y-3 pt-6">
              <div className="flex" aria-label="5 out of 5 stars" role="img">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    key={i}
                    className="h-4 w-4 fill-amber-400 text-amber-400"
                    aria-hidden="true"
                  />
                ))}
              </div>
              <blockquote className="text-slate-700">“{t.text}”</blockquote>
              <p className="text-sm font-semibold">
                {t.name} <span className="font-normal text-slate-500">· {t.place}</span>
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
