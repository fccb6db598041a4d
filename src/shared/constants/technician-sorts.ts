/**
 * The orders of a technician search. 'recommended' (the default) is nearest first with featured
 * listings first within 5-mile bands, or best rated first with featured listings first without a
 * place; the others are strict orders, exactly what they say. Kept apart from the zod schemas so that the public pages
 * can offer them without downloading zod.
 */
export const TECHNICIAN_SORTS = [
  'recommended',
  'distance',
  'rating',
  'price',
  'experience',
] as const;
export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number];
