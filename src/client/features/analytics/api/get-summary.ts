import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '@shared/schemas/analytics';
import { getJson } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

const query = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

/** GET /api/analytics/summary: the signed-in technician's figures for the range. */
export const getAnalyticsSummary = (from: string, to: string) =>
  getJson<AnalyticsSummary>(`/api/analytics/summary?${query(from, to)}`);

export const analyticsSummaryQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: analyticsKeys.summary(from, to),
    queryFn: () => getAnalyticsSummary(from, to),
    // A 403 (plan) or 400 (range) will not change by asking again.
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAnalyticsSummary = (from: string, to: string) =>
  useQuery(analyticsSummaryQueryOptions(from, to));

/** GET /api/analytics/export.csv: the range month by month (a plain link, no fetch). */
export const analyticsExportUrl = (from: string, to: string) =>
  `/api/analytics/export.csv?${query(from, to)}`;
