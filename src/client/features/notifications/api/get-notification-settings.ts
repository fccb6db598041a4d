import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/schemas/notifications';
import { getJson } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** GET /api/technicians/me/notification-settings: how the technician is told about jobs. */
export const getNotificationSettings = () =>
  getJson<NotificationSettings>('/api/technicians/me/notification-settings');

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.settings,
    queryFn: getNotificationSettings,
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
