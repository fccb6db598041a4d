import { errorResponseSchema } from '@shared/schemas/common';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/** `{ [status]: errorResponseSchema }` for each status, to spread into a route's `response`. */
export function errorResponsesFor<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): Record<S[number], typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S[number],
    typeof errorResponseSchema
  >;
}

/** The errors most routes may answer with. */
export const errorResponses = errorResponsesFor(400, 401, 403, 404, 409);
