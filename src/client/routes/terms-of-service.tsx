import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { groupThousands } from '@shared/money';
import { WARRANTY_MILES, WARRANTY_MONTHS } from '@shared/schemas/warranty';
import { Page } from '../components/page';
import { PATHS } from '@shared/paths';

/** The workmanship warranty (ADR 044), under the service standards it belongs to. */
const WARRANTY_TERMS = `Workmanship warranty: every job arranged through ${BRAND.name} carries a warranty on parts and labour of at least ${WARRANTY_MONTHS} months from completion or ${groupThousands(WARRANTY_MILES)} miles from the mileage at the job, whichever comes first. A technician may offer more; the quote you sign states the terms, and the invoice and receipt repeat them. If the repair fails within the term, open a warranty claim from the job's page: the technician either redoes the work at no charge (a new job, linked to the first) or declines with a reason, and ${BRAND.name} support can step in. Wear, damage and parts you supplied are not covered.`;

const SECTIONS: [string, string][] = [
  [
    'Service Overview',
    `${BRAND.name} is a marketplace that connects vehicle owners with independent, certified mobile mechanics. ${BRAND.name} does not perform repairs itself.`,
  ],
  [
    'Liability and Service Standards',
    'Technicians are independent professionals responsible for the quality and safety of their work. They must follow manufacturer procedures and industry safety standards.',
  ],
  [
    'Platform Use',
    'You agree to provide accurate information, to use the platform lawfully and not to misuse other users’ contact details.',
  ],
  [
    'Service Capabilities and Limitations',
    'Mobile service cannot perform major repairs that need a full vehicle lift or specialised shop equipment; technicians will refer such work to a shop.',
  ],
  [
    'Technician Requirements',
    'Technicians pass background verification, must never work under the influence of alcohol or drugs, and must quote fair, transparent prices before starting work.',
  ],
  [
    'Limitation of Liability',
    `To the extent permitted by law, ${BRAND.name} is not liable for indirect or consequential damages arising from services arranged through the platform.`,
  ],
  [
    'Dispute Resolution',
    `Disputes between customers and technicians should first be raised with ${BRAND.name} support, who will mediate in good faith.`,
  ],
  [
    'Changes to Terms',
    'We may update these terms; material changes are announced on the platform before they take effect.',
  ],
  ['Contact', `Questions about these terms: ${BRAND.supportEmail} or ${BRAND.supportPhone}.`],
];

export default function TermsOfService() {
  return (
    <Page title="Terms of Service">
      <div className="space-y-6 rounded-lg bg-white p-6 shadow-sm">
        {SECTIONS.map(([title, text], i) => (
          <section key={title}>
            <h2 className="text-xl font-semibold">
              {i + 1}. {title}
            </h2>
            <p className="mt-2 text-slate-700">{text}</p>
            {title === 'Liability and Service Standards' && (
              <p id="warranty" className="mt-2 text-slate-700">
                {WARRANTY_TERMS}
              </p>
            )}
          </section>
        ))}
        <Link to={PATHS.home} className="inline-block text-brand-700 hover:underline">
          Back to Home
        </Link>
      </div>
    </Page>
  );
}
