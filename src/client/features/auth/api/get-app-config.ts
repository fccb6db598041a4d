import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/schemas/common';
import { getJson } from '../../../lib/api-client';

/** GET /api/config: whether this deployment runs the demo (demo accounts, ?role=, mailbox). */
export const useAppConfig = () =>
  useQuery({
    queryKey: ['/api/config'],
    queryFn: () => getJson<AppConfig>('/api/config'),
  });
