import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { Page } from '../components/page';
import { PATHS } from '@shared/paths';

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
          </section>
        ))}
        <Link to={PATHS.home} className="inline-block text-brand-700 hover:underline">
          Back to Home
        </Link>
      </div>
    </Page>
  );
}
