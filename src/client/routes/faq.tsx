import { formatAmount } from '@shared/money';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { NORTHERN_VIRGINIA_PLACES } from '@shared/constants/service-area';
import { Page } from '../components/page';
import { usePlans } from '../lib/api/get-plans';

import { PATHS } from '@shared/paths';

/** 'a, b and c'. */
const listOf = (items: readonly string[]) =>
  `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Rendered from the plans table: the one source of truth for prices. */
function PriceAnswer() {
  const { data, isError } = usePlans();
  if (isError)
    return (
      <>
        Technicians pay a small monthly plan instead of commissions. See the plans on the Pay Fees
        page.
      </>
    );
  if (!data) return <>Loading plan prices...</>;
  const cheapest = [...data].sort((a, b) => a.price - b.price)[0];
  return (
    <>
      Customers use {BRAND.name} free of charge. Technicians pay a monthly plan instead of
      commissions: plans start at {cheapest && formatAmount(cheapest.price)} per month (
      {data.map((p) => `${p.name} ${formatAmount(p.price)}`).join(', ')}).
    </>
  );
}

const ITEMS: { q: string; a: ReactNode }[] = [
  {
    q: 'What is Wrenchly?',
    a: `${BRAND.name} connects vehicle owners with certified mobile mechanics who come to your home, workplace or roadside in Maryland, DC and Northern Virginia.`,
  },
  { q: 'How much does it cost?', a: <PriceAnswer /> },
  {
    q: 'How are technicians verified?',
    a: "Every technician's driver's license, ASE certifications, insurance and background check are reviewed by our admin team before they can accept jobs.",
  },
  {
    q: 'Which areas do you serve?',
    a: `Maryland, Washington DC and Northern Virginia. In Maryland our technicians are based in Hyattsville, Landover, Waldorf, Bowie, Laurel, Riverdale, Mechanicsville and Prince Frederick; in Virginia we serve ${listOf(NORTHERN_VIRGINIA_PLACES)} (Arlington, Fairfax, Loudoun and Prince William counties). Outside the area, a search or request tells you so, and you can ask us to e-mail you when we get there.`,
  },
  {
    q: 'What repairs can be done on site?',
    a: 'Most maintenance and many repairs: brakes, batteries, diagnostics, electrical, AC, suspension and more. Major repairs that need a full lift are referred to a shop.',
  },
  {
    q: 'How quickly will a technician respond?',
    a: 'Nearby technicians are notified the moment you submit a request and have 5 minutes to accept it.',
  },
  {
    q: 'How do I pay?',
    a: 'Your technician gives you a quote to approve before starting and takes payment by card, cash, check or digital wallet, with a receipt by e-mail.',
  },
  {
    q: 'What if I am not satisfied?',
    a: (
      <>
        Contact us through the{' '}
        <Link className="text-brand-700 underline" to={PATHS.contactUs}>
          contact page
        </Link>{' '}
        and we will work with you and the technician to make it right.
      </>
    ),
  },
  {
    q: 'How do I become a Wrenchly technician?',
    a: 'Apply on the Join page with your details and documents. We review applications within 2-3 business days.',
  },
  {
    q: 'Can I choose my technician?',
    a: (
      <>
        Yes. Browse technicians, compare ratings and rates, and contact one directly, or start from
        the{' '}
        <Link className="text-brand-700 underline" to={PATHS.home}>
          home page
        </Link>
        .
      </>
    ),
  },
];

export default function Faq() {
  return (
    <Page title="Help Center" intro="Frequently asked questions about using Wrenchly.">
      <div className="space-y-3">
        {ITEMS.map((item) => (
          <details key={item.q} className="group rounded-lg border bg-white p-4">
            <summary className="flex cursor-pointer list-none items-center justify-between font-semibold">
              {item.q}
              <ChevronDown
                className="h-4 w-4 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <div className="mt-3 text-slate-700">{item.a}</div>
          </details>
        ))}
      </div>
      <p className="mt-8 text-slate-600">
        Still have questions?{' '}
        <Link to={PATHS.contactUs} className="text-brand-700 underline">
          Contact us
        </Link>
        .
      </p>
    </Page>
  );
}
