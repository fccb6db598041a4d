import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobDetail, jobMoveBodySchema } from '@shared/schemas/jobs';
import { apiRequest, getJson } from '../api-client';
import { sharedKeys } from './keys';

/**
 * `/api/service-requests/:reference[/suffix]`, with a guest's signed-link token passed on (`?t=`).
 * The request page, the technician's job and the admin's detail all read and move a request
 * through here, under one cache entry: what one screen learns, the others show.
 */
export function serviceRequestUrl(reference: string, token?: string, suffix = '') {
  const base = `/api/service-requests/${encodeURIComponent(reference)}${suffix}`;
  return token ? `${base}?t=${encodeURIComponent(token)}` : base;
}

/** GET /api/service-requests/:reference: the request as this viewer may see it. */
export const getServiceRequest = (reference: string, token?: string) =>
  getJson<JobDetail>(serviceRequestUrl(reference, token));

/** The request's query; screens add how often they read it again. */
export const serviceRequestQueryOptions = (reference: string, token?: string) =>
  queryOptions({
    queryKey: sharedKeys.serviceRequest(reference),
    queryFn: () => getServiceRequest(reference, token),
  });

/** POST /api/service-requests/:reference/moves: answers the request as it is after the move. */
export const moveServiceRequest = (
  reference: string,
  body: z.input<typeof jobMoveBodySchema>,
  token?: string,
) => apiRequest<JobDetail>('POST', serviceRequestUrl(reference, token, '/moves'), body);
