import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceBookItem, PriceBookItemInput } from '@shared/schemas/price-book';
import { apiRequest, getJson } from '../../../lib/api-client';

const key = ['price-book'] as const;

/** GET /api/price-book: the technician's items, by name; `q` searches them. */
export const usePriceBook = (q = '') =>
  useQuery({
    queryKey: [...key, q],
    queryFn: () =>
      getJson<PriceBookItem[]>(`/api/price-book${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  });

export const PRICE_BOOK_CSV_URL = '/api/price-book.csv';

/** Adding, changing, removing and importing items; every list is read again after. */
export function usePriceBookChanges() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: (input: PriceBookItemInput) =>
        apiRequest<PriceBookItem>('POST', '/api/price-book', input),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: Partial<PriceBookItemInput> & { id: number }) =>
        apiRequest<PriceBookItem>('PATCH', `/api/price-book/${id}`, patch),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        apiRequest<{ message: string }>('DELETE', `/api/price-book/${id}`),
      onSuccess: done,
    }),
    importCsv: useMutation({
      mutationFn: (csv: string) =>
        apiRequest<{ created: number; updated: number }>('POST', '/api/price-book/import', { csv }),
      onSuccess: done,
    }),
  };
}
