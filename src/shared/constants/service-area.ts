/**
 * Where Wrenchly serves, as data: Maryland, the District of Columbia and Northern Virginia (the
 * localities of the Northern Virginia Transportation Authority: Arlington, Fairfax, Loudoun and
 * Prince William counties; Alexandria, Fairfax, Falls Church, Manassas and Manassas Park). Each
 * is a sales tax jurisdiction (sales_tax_rates, docs/decisions/031).
 */
export const SERVICE_AREA_LABEL = 'Maryland, DC and Northern Virginia';

/** The Northern Virginia the area covers, as people name it (the FAQ, the not-served answer). */
export const NORTHERN_VIRGINIA_PLACES = [
  'Arlington',
  'Alexandria',
  'Fairfax',
  'Falls Church',
  'McLean',
  'Vienna',
  'Reston',
  'Herndon',
  'Springfield',
  'Leesburg',
  'Ashburn',
  'Manassas',
  'Woodbridge',
] as const;

export const JURISDICTIONS = ['MD', 'DC', 'VA-NOVA'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export const JURISDICTION_NAMES: Record<Jurisdiction, string> = {
  MD: 'Maryland',
  DC: 'District of Columbia',
  'VA-NOVA': 'Virginia (Northern Virginia)',
};

/**
 * 201xx ZIP codes of Virginia outside those localities (Fauquier, Rappahannock and Clarke
 * counties); every other 201xx code and every 220xx-223xx code is Northern Virginia's.
 */
const VIRGINIA_201_OUTSIDE = new Set([
  '20106',
  '20115',
  '20116',
  '20119',
  '20128',
  '20130',
  '20137',
  '20138',
  '20139',
  '20140',
  '20144',
  '20184',
  '20185',
  '20186',
  '20187',
  '20188',
  '20198',
]);

/** The jurisdiction of a US ZIP code in its state, or null outside the service area. */
export function jurisdictionOfZip(zip: string, state: string): Jurisdiction | null {
  if (state === 'MD') return 'MD';
  if (state === 'DC') return 'DC';
  if (state !== 'VA') return null;
  if (/^22[0-3]\d\d$/.test(zip)) return 'VA-NOVA';
  if (/^201\d\d$/.test(zip) && !VIRGINIA_201_OUTSIDE.has(zip)) return 'VA-NOVA';
  return null;
}

/** The answer for a place outside the area (searches, requests, tax rates). */
export const notServedMessage = (place: string) =>
  `We don't serve ${place} yet: Wrenchly serves ${SERVICE_AREA_LABEL}`;

/** Whether a server's message is the answer for a place outside the area. */
export const isNotServedMessage = (message: string) =>
  message.startsWith("We don't serve ") &&
  message.endsWith(`yet: Wrenchly serves ${SERVICE_AREA_LABEL}`);

/** The words a person agrees to, kept with their address (and shown by the box they tick). */
export const WAITLIST_CONSENT_TEXT = 'E-mail me when Wrenchly serves my area.';

export const WAITLIST_MESSAGES = {
  consent: 'Tick the box to agree to an e-mail when we serve your area',
  saved: (email: string, place: string) =>
    `Thanks! We'll e-mail ${email} when Wrenchly serves ${place}.`,
  alreadyServed: (place: string) =>
    `We already serve ${place}: search for a mechanic or request service there.`,
} as const;
