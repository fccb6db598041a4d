import type { SandboxCardInput, SandboxTokenResponse } from '@shared/schemas/payments';
import { apiRequest } from '../api-client';

/** POST /api/payments/sandbox/tokenize: the sandbox card form's token for these card details. */
export const tokenizeSandboxCard = async (card: SandboxCardInput) =>
  (await apiRequest<SandboxTokenResponse>('POST', '/api/payments/sandbox/tokenize', card)).token;
