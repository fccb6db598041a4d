import { z } from 'zod';
import { safeText } from './common';

export const API_TOKEN_NAME_MAX = 100;
/** Active tokens a technician may hold at once. */
export const MAX_API_TOKENS = 20;
/** Requests per token per minute on /api/v1. */
export const API_RATE_LIMIT_PER_MINUTE = 60;

export const API_TOKEN_MESSAGES = {
  planRequired: 'API access requires the Professional plan',
  tooMany: `You can have at most ${MAX_API_TOKENS} API tokens: revoke one first`,
  name: 'Give the token a name',
  missing: 'API token required: send Authorization: Bearer <token>',
  invalid: 'Invalid API token',
  revoked: 'This API token has been revoked',
  notFound: 'API token not found',
} as const;

export const createApiTokenSchema = z.object({
  name: safeText({ error: API_TOKEN_MESSAGES.name })
    .trim()
    .min(1, API_TOKEN_MESSAGES.name)
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to recognise it ('wr_AbC1234'). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /api/technicians/me/api-tokens. */
export const apiTokenListSchema = z.object({
  /** The plan includes API access (Professional); tokens work only then. */
  entitled: z.boolean(),
  tokens: z.array(apiTokenSchema),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** POST /api/technicians/me/api-tokens: the token itself, this once. */
export const createdApiTokenSchema = z.object({
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
