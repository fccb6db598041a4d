import { useQuery } from '@tanstack/react-query';
import type { PublicQuote } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

/** The customer's e-mailed approval link's API address. */
export const quoteApprovalUrl = (token: string) =>
  `/api/quote-approvals/${encodeURIComponent(token)}`;

/** GET /api/quote-approvals/{token}: the quote behind a customer's e-mailed approval link. */
export const usePublicQuote = (token: string) =>
  useQuery({
    queryKey: posKeys.publicQuote(token),
    queryFn: () => getJson<PublicQuote>(quoteApprovalUrl(token)),
  });
