import { ChevronDown, ExternalLink, Wrench } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND, JOIN_PATH } from '@shared/brand';
import { cn } from '../lib/utils';
import { loadWhenShown } from '../components/deferred';
import { PATHS } from '@shared/paths';
import { useAppConfig } from '../features/auth/api/get-app-config';
import { currentYear } from '../lib/dates';

const MechanicRequirementsDialog = loadWhenShown(
  () => import('./mechanic-requirements-dialog').then((m) => m.MechanicRequirementsDialog),
  (p: { open: boolean; onOpenChange: (open: boolean) => void }) => p.open,
);

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
/** min-h-6: at least a 24 px tall tap target (WCAG 2.5.8). */
const linkClass =
  'inline-flex min-h-6 items-center text-sm text-slate-300 transition-colors hover:text-white focus-visible:text-white';

const RESOURCES = [
  { href: 'https://www.autozone.com', label: 'AutoZone' },
  { href: 'https://shop.advanceautoparts.com', label: 'Advance Auto Parts' },
];

/** An in-app link; `newTab` pages (the info pages, per the spec) open in a new tab. */
function FooterLink({ to, children, tab }: { to: string; children: ReactNode; tab?: boolean }) {
  return (
    <li>
      {tab ? (
        <a className={linkClass} href={to} {...newTab}>
          {children}
        </a>
      ) : (
        <Link className={linkClass} to={to}>
          {children}
        </Link>
      )}
    </li>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2">{children}</ul>
    </nav>
  );
}

/** The operator's social accounts (SOCIAL_LINKS); nothing when none are configured. */
function SocialLinks() {
  const links = useAppConfig().data?.socialLinks ?? [];
  if (links.length === 0) return null;
  return (
    <ul aria-label="Follow us" className="flex flex-wrap gap-x-4 gap-y-1">
      {links.map((l) => (
        <li key={l.url}>
          <a className={linkClass} href={l.url} {...newTab}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const [resourcesOpen, setResourcesOpen] = useState(false);
  const [requirementsOpen, setRequirementsOpen] = useState(false);
  return (
    <footer className="print:hidden mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex h-7 w-7 items-center justify-center rounded-md bg-primary">
              <Wrench className="h-4 w-4" aria-hidden="true" />
            </span>
            {BRAND.name}
          </p>
          <p className="max-w-xs text-sm">
            Connecting certified mechanics with customers in Maryland, DC and Virginia.
          </p>
          <SocialLinks />
          <div className="pt-2">
            <button
              type="button"
              aria-expanded={resourcesOpen}
              aria-controls="footer-resources"
              onClick={() => setResourcesOpen((open) => !open)}
              className="flex min-h-6 items-center gap-1 rounded-sm text-sm font-semibold text-white"
            >
              Resources
              <ChevronDown
                className={cn('h-4 w-4 transition-transform', resourcesOpen && 'rotate-180')}
                aria-hidden="true"
              />
            </button>
            <ul id="footer-resources" hidden={!resourcesOpen} className="mt-2 space-y-2">
              {RESOURCES.map((r) => (
                <li key={r.href}>
                  <a className={cn(linkClass, 'gap-1')} href={r.href} {...newTab}>
                    {r.label}
                    <ExternalLink className="h-3 w-3" aria-hidden="true" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <Column title="Customers">
          <FooterLink to={PATHS.technicians}>Find Mechanics</FooterLink>
          <FooterLink to={PATHS.requestService}>Request Service</FooterLink>
          <FooterLink to={PATHS.howItWorks}>How It Works</FooterLink>
          <FooterLink to={PATHS.pricingGuide} tab>
            Pricing Guide
          </FooterLink>
          <FooterLink to={PATHS.safetyTrust} tab>
            Safety &amp; Trust
          </FooterLink>
        </Column>

        <Column title="Mechanics">
          <FooterLink to={JOIN_PATH}>Join as a Mechanic</FooterLink>
          <li>
            <button
              type="button"
              className={cn(linkClass, 'rounded-sm text-left')}
              onClick={() => setRequirementsOpen(true)}
            >
              Mechanic Requirements
            </button>
          </li>
          <FooterLink to={PATHS.repairSoftware}>Free Software</FooterLink>
          <FooterLink to={PATHS.adminDashboard}>Admin Dashboard</FooterLink>
        </Column>

        <Column title="Support">
          <FooterLink to={PATHS.contactUs} tab>
            Contact Us
          </FooterLink>
          <FooterLink to={PATHS.faq}>FAQ</FooterLink>
          <FooterLink to={PATHS.termsOfService}>Terms of Service</FooterLink>
          <FooterLink to={PATHS.privacyPolicy}>Privacy Policy</FooterLink>
        </Column>
      </div>
      <div className="border-t border-slate-800 px-4 pt-6 pb-24 text-center text-sm text-slate-400 sm:pb-6">
        © {currentYear()} {BRAND.name}. All rights reserved.
      </div>
      <MechanicRequirementsDialog open={requirementsOpen} onOpenChange={setRequirementsOpen} />
    </footer>
  );
}
