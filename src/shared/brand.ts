/** The product's name and public contact details: the one place they are defined. */
export const BRAND = {
  name: 'Wrenchly',
  slug: 'wrenchly',
  supportEmail: 'support@wrenchly.com',
  supportPhone: '(301) 555-0142',
  serviceArea: 'Maryland, DC and Northern Virginia',
} as const;

export const JOIN_PATH = `/join-${BRAND.slug}` as const;
