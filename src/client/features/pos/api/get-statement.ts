import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '@shared/schemas/statements';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

const query = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

/** GET /api/pos/statements: the signed-in technician's payments, month by month. */
export const getStatement = (from: string, to: string) =>
  getJson<Statement>(`/api/pos/statements?${query(from, to)}`);

export const statementQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: posKeys.statement(from, to),
    queryFn: () => getStatement(from, to),
    // A 400 (range) will not change by asking again.
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useStatement = (from: string, to: string) => useQuery(statementQueryOptions(from, to));

/** GET /api/pos/statements.csv: the same months as a download (a plain link, no fetch). */
export const statementCsvUrl = (from: string, to: string) =>
  `/api/pos/statements.csv?${query(from, to)}`;
