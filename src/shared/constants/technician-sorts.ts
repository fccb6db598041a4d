/**
 * The orders of a technician search. Kept apart from the zod schemas so that the public pages
 * can offer them without downloading zod.
 */
export const TECHNICIAN_SORTS = ['distance', 'rating', 'price', 'experience'] as const;
export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number];
