import { useQuery } from '@tanstack/react-query';
import { getJson } from './api-client';

export const useAppConfig = () =>
  useQuery({
    queryKey: ['/api/config'],
    queryFn: () => getJson<{ demoMode: boolean }>('/api/config'),
  });
