import { formatAmount } from '@shared/money';
import { BRAND } from '@shared/brand';
import { PATHS, technicianPath } from '@shared/paths';
import type { Technician } from '@shared/schemas/technicians';

/** What a page says about itself to browsers, search engines and link previews. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page's one address (query parameters that do not change it dropped). */
  canonical: string;
  /** schema.org data (JSON-LD), when the page is about something. */
  jsonLd?: Record<string, unknown>;
  /** Pages that should not be indexed (an unknown technician). */
  noindex?: boolean;
};

const SITE_DESCRIPTION = `${BRAND.name} connects vehicle owners with certified mobile mechanics in the Washington DC, Maryland and Virginia area.`;

const STATIC: Record<string, { title: string; description: string }> = {
  [PATHS.home]: {
    title: `${BRAND.name} - Certified Mobile Mechanics`,
    description: SITE_DESCRIPTION,
  },
  [PATHS.technicians]: {
    title: `Find Certified Mechanics | ${BRAND.name}`,
    description:
      'Browse certified mobile mechanics near you in DC, Maryland and Virginia, compare ratings and rates, and contact them directly.',
  },
  [PATHS.howItWorks]: {
    title: `How It Works | ${BRAND.name}`,
    description: `How ${BRAND.name} dispatches your service request to the nearest certified mobile mechanics, who quote on the spot and come to you.`,
  },
  [PATHS.pricingGuide]: {
    title: `Pricing Guide | ${BRAND.name}`,
    description: 'Typical prices for mobile auto repair and maintenance in the DC area.',
  },
  [PATHS.safetyTrust]: {
    title: `Safety and Trust | ${BRAND.name}`,
    description: `How ${BRAND.name} verifies mechanics' licenses and certifications and keeps customers and technicians safe.`,
  },
  [PATHS.contactUs]: {
    title: `Contact Us | ${BRAND.name}`,
    description: `Questions about ${BRAND.name}? Write to our support team or call ${BRAND.supportPhone}.`,
  },
  [PATHS.faq]: {
    title: `Help Center | ${BRAND.name}`,
    description: `Frequently asked questions about using ${BRAND.name}: requests, payments, plans and safety.`,
  },
  [PATHS.termsOfService]: {
    title: `Terms of Service | ${BRAND.name}`,
    description: `The terms of using ${BRAND.name}.`,
  },
  [PATHS.privacyPolicy]: {
    title: `Privacy Policy | ${BRAND.name}`,
    description: `How ${BRAND.name} collects, uses and protects your information.`,
  },
  [PATHS.repairSoftware]: {
    title: `Free Repair Software | ${BRAND.name}`,
    description:
      'Free repair tools for mobile mechanics: trouble codes, VIN decoding and maintenance schedules.',
  },
  [PATHS.troubleCodes]: {
    title: `OBD-II Trouble Code Lookup | ${BRAND.name}`,
    description:
      'What a generic OBD-II trouble code means (P0300, P0420...), with its likely causes.',
  },
  [PATHS.vinDecoder]: {
    title: `VIN Decoder | ${BRAND.name}`,
    description: 'Check a VIN and read its model year, manufacturer and country of origin.',
  },
  [PATHS.maintenanceSchedule]: {
    title: `Maintenance Schedule by Mileage | ${BRAND.name}`,
    description: 'The routine services due at your vehicle’s mileage, from typical intervals.',
  },
};

/** The search parameters that change what /technicians lists (the canonical URL keeps them). */
const LISTING_PARAMS = ['serviceType', 'location', 'zip'];

function technicianMeta(t: Technician, origin: string): PageMeta {
  const name = `${t.user.firstName} ${t.user.lastName}`;
  const skills = t.specialties.slice(0, 3).join(', ');
  const rating = Number(t.rating);
  const url = `${origin}${technicianPath(t.id)}`;
  return {
    title: `${name} - Mobile Mechanic in ${t.location} | ${BRAND.name}`,
    description:
      `${name}, ${t.certified ? 'certified ' : ''}mobile mechanic in ${t.location}` +
      `${t.certified ? '' : ' (new, credentials in review)'}: ${t.yearsExperience} years of experience` +
      `${skills ? `, ${skills}` : ''}. ${formatAmount(t.hourlyRate)}/hour` +
      `${t.totalReviews ? `, rated ${rating.toFixed(1)} from ${t.totalReviews} reviews` : ''}.`,
    canonical: url,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'AutoRepair',
      '@id': url,
      name,
      url,
      description: t.bio ?? undefined,
      ...(t.profileImage ? { image: new URL(t.profileImage, origin).toString() } : {}),
      address: { '@type': 'PostalAddress', addressLocality: t.location, addressCountry: 'US' },
      areaServed: `${t.location} and ${t.serviceRadiusMiles} miles around`,
      priceRange: `${formatAmount(t.hourlyRate)}/hour`,
      knowsAbout: t.specialties,
      ...(t.totalReviews
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: rating.toFixed(1),
              reviewCount: t.totalReviews,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  };
}

/** A page's title, description, canonical URL and structured data. */
export function pageMeta({
  pathname,
  searchParams,
  origin,
  technician,
  unknownPage,
}: {
  pathname: string;
  searchParams: URLSearchParams;
  origin: string;
  technician?: Technician;
  /** No screen has this address (the 404 page). */
  unknownPage?: boolean;
}): PageMeta {
  if (unknownPage) {
    return {
      title: `Page Not Found | ${BRAND.name}`,
      description: SITE_DESCRIPTION,
      canonical: `${origin}${pathname}`,
      noindex: true,
    };
  }
  if (pathname.startsWith('/technician/')) {
    if (technician) return technicianMeta(technician, origin);
    return {
      title: `Technician Not Found | ${BRAND.name}`,
      description: SITE_DESCRIPTION,
      canonical: `${origin}${pathname}`,
      noindex: true,
    };
  }
  const known = STATIC[pathname];
  let canonical = `${origin}${pathname}`;
  if (pathname === PATHS.technicians) {
    const kept = new URLSearchParams();
    for (const k of LISTING_PARAMS) {
      const v = searchParams.get(k);
      if (v) kept.set(k, v);
    }
    if ([...kept].length) canonical += `?${kept}`;
  }
  return {
    title: known?.title ?? `${BRAND.name} - Certified Mobile Mechanics`,
    description: known?.description ?? SITE_DESCRIPTION,
    canonical,
    jsonLd:
      pathname === PATHS.home
        ? {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: BRAND.name,
            url: `${origin}/`,
            potentialAction: {
              '@type': 'SearchAction',
              target: `${origin}${PATHS.technicians}?zip={zip}`,
              'query-input': 'required name=zip',
            },
          }
        : undefined,
  };
}
