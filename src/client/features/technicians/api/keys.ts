import { sharedKeys } from '../../../lib/api/keys';
import type { TechnicianSearchInput } from '@shared/schemas/technicians';

/**
 * Query keys of the technicians feature. `all` is shared (lib/api/keys.ts): a technician saving
 * their profile refetches every technician query.
 */
export const technicianKeys = {
  all: sharedKeys.technicians,
  search: (f: TechnicianSearchInput) => ['technicians', 'search', f] as const,
  one: (id: number) => ['technicians', id] as const,
  reviewsOf: (id: number) => ['technicians', id, 'reviews'] as const,
  reviews: (id: number, offset: number, limit: number) =>
    ['technicians', id, 'reviews', offset, limit] as const,
  allReviews: (id: number, limit: number) => ['technicians', id, 'reviews', 'all', limit] as const,
  stats: ['stats'] as const,
};
