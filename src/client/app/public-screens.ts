/**
 * The screens (src/client/routes/<file>.tsx) the server renders with their data (ADR 021):
 * public pages that visitors and search engines see before any script runs, and the 404 page.
 * Signed-in screens are rendered in the browser. The build groups what these screens import
 * (vite.config.ts), so this list is plain data.
 */
export const PUBLIC_SCREENS = [
  'home',
  'how-it-works',
  'technicians',
  'technician',
  'repair-software',
  'trouble-codes',
  'vin-decoder',
  'maintenance-schedule',
  'pricing-guide',
  'safety-trust',
  'contact-us',
  'faq',
  'terms-of-service',
  'privacy-policy',
  'not-found',
] as const;
