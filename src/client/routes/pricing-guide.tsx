import { Page } from '../components/page';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';

const RATES = [
  { shop: 'Dealership', rate: '$150-200/hr' },
  { shop: 'Independent shops', rate: '$100-140/hr' },
  { shop: 'Chain shops', rate: '$90-130/hr' },
];
const GUIDES = [
  { job: 'Brake pad replacement (per axle)', time: '1.0 - 1.5 hours' },
  { job: 'Battery replacement', time: '0.3 - 0.5 hours' },
  { job: 'Oil and filter change', time: '0.5 hours' },
  { job: 'Alternator replacement', time: '1.5 - 2.5 hours' },
];

export default function PricingGuide() {
  return (
    <Page
      title="Pricing Guide"
      intro="What auto repair labor typically costs in the DC metro area, and why mobile service saves you time and money."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Typical Labor Rates</CardTitle>
          </CardHeader>
          <CardContent>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th className="py-2">Shop type</th>
                  <th className="py-2">Hourly rate</th>
                </tr>
              </thead>
              <tbody>
                {RATES.map((r) => (
                  <tr key={r.shop} className="border-b last:border-0">
                    <td className="py-2">{r.shop}</td>
                    <td className="py-2 font-medium">{r.rate}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Mobile Service Advantages</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
              <li>
                <strong>At work:</strong> your car is fixed in the parking lot while you work.
              </li>
              <li>
                <strong>At home:</strong> no drop-off, no waiting room, no ride needed.
              </li>
              <li>
                <strong>Roadside:</strong> many breakdowns are fixed where they happen, without a
                tow.
              </li>
            </ul>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Labor-Time Guides</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm sm:grid-cols-2">
              {GUIDES.map((g) => (
                <li key={g.job} className="flex justify-between rounded-md bg-slate-50 p-3">
                  <span>{g.job}</span>
                  <span className="font-medium">{g.time}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
