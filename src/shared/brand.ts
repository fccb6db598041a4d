/** The product's name and public contact details: the one place they are defined. */
export const BRAND = {
  name: 'Wrenchly',
  slug: 'wrenchly',
  supportEmail: 'support@wrenchly.com',
  supportPhone: '(301) 555-0142',
  serviceArea: 'DC Metropolitan Area',
  copyrightYear: 2024,
} as const;

export const JOIN_PATH = `/join-${BRAND.slug}` as const;
