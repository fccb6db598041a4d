import { phoneForInput } from '@shared/phone';
import {
  updateNotificationSettingsSchema,
  type NotificationSettings,
  type UpdateNotificationSettings,
} from '@shared/schemas/notifications';
import { ApiError } from '../../lib/api-client';
import { DEFAULT_TIME_ZONE } from './time-zones';

/** The Notifications card's fields, as typed. */
export type SettingsDraft = {
  push: boolean;
  email: boolean;
  sms: boolean;
  smsPhone: string;
  quietEnabled: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  /** Reminders of unpaid invoices to the technician's customers. */
  invoiceReminders: boolean;
};

export type SettingsField = 'smsPhone' | 'quietStart' | 'quietEnd' | 'timeZone' | 'form';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const draftOf = (s: NotificationSettings): SettingsDraft => ({
  push: s.push,
  email: s.email,
  sms: s.sms,
  smsPhone: phoneForInput(s.smsPhone),
  quietEnabled: s.quietHours.enabled,
  quietStart: s.quietHours.start,
  quietEnd: s.quietHours.end,
  timeZone: s.timeZone || DEFAULT_TIME_ZONE,
  invoiceReminders: s.invoiceReminders,
});

export const toUpdateInput = (d: SettingsDraft): UpdateNotificationSettings => ({
  push: d.push,
  email: d.email,
  sms: d.sms,
  smsPhone: d.smsPhone.trim() || null,
  quietHours: { enabled: d.quietEnabled, start: d.quietStart, end: d.quietEnd },
  timeZone: d.timeZone,
  invoiceReminders: d.invoiceReminders,
});

/** An issue's path ('quietHours.start') as the field that shows it. */
function fieldOf(path: string): SettingsField {
  switch (path) {
    case 'smsPhone':
      return 'smsPhone';
    case 'quietHours.start':
      return 'quietStart';
    case 'quietHours.end':
      return 'quietEnd';
    case 'timeZone':
      return 'timeZone';
    default:
      return 'form';
  }
}

function errorsOf(issues: { path: string; message: string }[]): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The body to send, or inline errors from the same shared schema the server checks with. */
export function checkSettingsDraft(
  d: SettingsDraft,
): { ok: true; body: UpdateNotificationSettings } | { ok: false; errors: SettingsErrors } {
  const body = toUpdateInput(d);
  const parsed = updateNotificationSettingsSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return {
    ok: false,
    errors: errorsOf(
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    ),
  };
}

const SAVE_FAILED = 'Could not save your notification settings. Please try again.';

/** A refusal from the server as inline errors: a 400's field issues, or its message. */
export function serverSettingsErrors(err: unknown): SettingsErrors {
  if (!(err instanceof ApiError)) return { form: SAVE_FAILED };
  try {
    const body = JSON.parse(err.body) as {
      message?: string;
      issues?: { path: string; message: string }[];
    };
    const errors = errorsOf(body.issues ?? []);
    if (Object.keys(errors).length > 0) return errors;
    return { form: body.message ?? SAVE_FAILED };
  } catch {
    return { form: SAVE_FAILED };
  }
}
