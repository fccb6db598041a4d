import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  UpdateNotificationSettings,
} from '@shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** PUT /api/technicians/me/notification-settings (400 { message, issues } on a bad field). */
export const updateNotificationSettings = (body: UpdateNotificationSettings) =>
  apiRequest<NotificationSettings>('PUT', '/api/technicians/me/notification-settings', body);

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => qc.setQueryData(notificationSettingsKeys.settings, saved),
  });
}
