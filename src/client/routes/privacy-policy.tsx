import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { Page } from '../components/page';
import { PATHS } from '@shared/paths';

const SECTIONS: [string, string][] = [
  [
    'What we collect',
    'Account details (name, e-mail, phone), service requests and the vehicle details you give us, technicians’ credentials and documents, and payment records. Card numbers are handled by our payment provider and never stored by us.',
  ],
  [
    'How we use it',
    'To match requests with technicians, to let you and your technician contact each other, to verify technicians, to process payments and to send the e-mails you expect (receipts, quotes, status updates).',
  ],
  [
    'Who sees it',
    'Technicians you contact or who accept your request see your contact details and request. Technicians’ documents are private: only they and our admin team can read them.',
  ],
  [
    'How long we keep it',
    'As long as your account is active, and afterwards only as long as the law requires for payment records.',
  ],
  ['Your choices', `You can ask us to correct or delete your data at ${BRAND.supportEmail}.`],
];

export default function PrivacyPolicy() {
  return (
    <Page title="Privacy Policy">
      <div className="space-y-6 rounded-lg bg-white p-6 shadow-sm">
        {SECTIONS.map(([title, text]) => (
          <section key={title}>
            <h2 className="text-xl font-semibold">{title}</h2>
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
