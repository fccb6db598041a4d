import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '@shared/phone';
import { SMS_PHONE_REQUIRED, QUIET_TIME_MESSAGE } from '@shared/schemas/notifications';
import { ApiError } from '../../lib/api-client';
import { checkSettingsDraft, draftOf, serverSettingsErrors, toUpdateInput } from './settings-form';

const stored = {
  push: true,
  email: true,
  sms: false,
  smsPhone: '+12025550142',
  quietHours: { enabled: true, start: '21:00', end: '07:00' },
  timeZone: 'America/Chicago',
  invoiceReminders: false,
};

describe('the Notifications form', () => {
  it('starts from the stored settings and sends them back unchanged', () => {
    const draft = draftOf(stored);
    expect(draft.smsPhone).toBe('(202) 555-0142');
    expect(draft.timeZone).toBe('America/Chicago');
    expect(toUpdateInput(draft)).toEqual({ ...stored, smsPhone: '(202) 555-0142' });
    expect(checkSettingsDraft(draft).ok).toBe(true);
  });

  it('shows a number stored before the phone rule as it was typed', () => {
    expect(draftOf({ ...stored, smsPhone: '+442071838750' }).smsPhone).toBe('+442071838750');
    expect(draftOf({ ...stored, smsPhone: null }).smsPhone).toBe('');
  });

  it('checks the shared rules before sending', () => {
    const noPhone = checkSettingsDraft({ ...draftOf(stored), sms: true, smsPhone: ' ' });
    expect(noPhone).toEqual({ ok: false, errors: { smsPhone: SMS_PHONE_REQUIRED } });
    const badPhone = checkSettingsDraft({ ...draftOf(stored), sms: true, smsPhone: '12345' });
    expect(badPhone).toEqual({ ok: false, errors: { smsPhone: PHONE_MESSAGE } });
    const badTime = checkSettingsDraft({ ...draftOf(stored), quietEnd: '25:00' });
    expect(badTime).toEqual({ ok: false, errors: { quietEnd: QUIET_TIME_MESSAGE } });
  });

  it("puts the server's issues under their fields", () => {
    const err = new ApiError(
      400,
      JSON.stringify({
        message: PHONE_MESSAGE,
        issues: [
          { path: 'smsPhone', message: PHONE_MESSAGE },
          { path: 'quietHours.start', message: QUIET_TIME_MESSAGE },
        ],
      }),
      'Bad Request',
    );
    expect(serverSettingsErrors(err)).toEqual({
      smsPhone: PHONE_MESSAGE,
      quietStart: QUIET_TIME_MESSAGE,
    });
    expect(serverSettingsErrors(new ApiError(403, '{"message":"Account suspended"}', ''))).toEqual({
      form: 'Account suspended',
    });
    expect(serverSettingsErrors(new TypeError('Failed to fetch')).form).toMatch(/Could not save/);
  });
});
