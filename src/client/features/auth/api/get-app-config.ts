import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/schemas/common';
import { getJson } from '../../../lib/api-client';
import { authKeys } from './keys';

/** GET /api/config: whether this deployment runs the demo (demo accounts, ?role=, mailbox). */
export const useAppConfig = () =>
  useQuery({
    queryKey: authKeys.appConfig,
    queryFn: () => getJson<AppConfig>('/api/config'),
  });
