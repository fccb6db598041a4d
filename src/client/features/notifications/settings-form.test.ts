import { describe, expect, it } from 'vitest';
import {
  INVALID_PHONE,
  SMS_PHONE_REQUIRED,
  QUIET_TIME_MESSAGE,
} from '@shared/schemas/notifications';
import { ApiError } from '../../lib/api-client';
import {
  checkSettingsDraft,
  draftOf,
  phoneForInput,
  serverSettingsErrors,
  toUpdateInput,
} from './settings-form';

const stored = {
  push: true,
  email: true,
  sms: false,
  smsPhone: '+12025550142',
  quietHours: { enabled: true, start: '21:00', end: '07:00' },
  timeZone: 'America/Chicago',
};

describe('the Notifications form', () => {
  it('starts from the stored settings and sends them back unchanged', () => {
    const draft = draftOf(stored);
    expect(draft.smsPhone).toBe('(202) 555-0142');
    expect(draft.timeZone).toBe('America/Chicago');
    expect(toUpdateInput(draft)).toEqual({ ...stored, smsPhone: '(202) 555-0142' });
    expect(checkSettingsDraft(draft).ok).toBe(true);
  });

  it('shows phone numbers it cannot format as stored', () => {
    expect(phoneForInput(null)).toBe('');
    expect(phoneForInput('+442071838750')).toBe('+442071838750');
  });

  it('checks the shared rules before sending', () => {
    const noPhone = checkSettingsDraft({ ...draftOf(stored), sms: true, smsPhone: ' ' });
    expect(noPhone).toEqual({ ok: false, errors: { smsPhone: SMS_PHONE_REQUIRED } });
    const badTime = checkSettingsDraft({ ...draftOf(stored), quietEnd: '25:00' });
    expect(badTime).toEqual({ ok: false, errors: { quietEnd: QUIET_TIME_MESSAGE } });
  });

  it("puts the server's issues under their fields", () => {
    const err = new ApiError(
      400,
      JSON.stringify({
        message: INVALID_PHONE,
        issues: [
          { path: 'smsPhone', message: INVALID_PHONE },
          { path: 'quietHours.start', message: QUIET_TIME_MESSAGE },
        ],
      }),
      'Bad Request',
    );
    expect(serverSettingsErrors(err)).toEqual({
      smsPhone: INVALID_PHONE,
      quietStart: QUIET_TIME_MESSAGE,
    });
    expect(serverSettingsErrors(new ApiError(403, '{"message":"Account suspended"}', ''))).toEqual({
      form: 'Account suspended',
    });
    expect(serverSettingsErrors(new TypeError('Failed to fetch')).form).toMatch(/Could not save/);
  });
});
