/** Query keys of the notifications feature (push devices and delivery settings). */
export const notificationSettingsKeys = {
  pushConfig: ['/api/push/config'] as const,
  subscriptions: ['/api/push/subscriptions'] as const,
  settings: ['/api/technicians/me/notification-settings'] as const,
};
