import { describe, expect, it } from 'vitest';
import { jobPushTag, pushMessageSchema } from '@shared/schemas/notifications';
import {
  ACCEPT_FAILED_BODY,
  ACCEPT_FAILED_TITLE,
  JOB_ACTIONS,
  acceptOutcome,
  clickPlan,
  notificationFor,
  parsePushMessage,
  parsePushText,
  readNotificationData,
  sameOriginUrl,
} from './push-messages';

const ORIGIN = 'https://wrenchly.example';

const job = {
  kind: 'job',
  tag: jobPushTag(42),
  notificationId: 42,
  title: 'New job: Brake Service',
  body: 'Hyattsville, MD · 2.4 miles · High',
  url: '/technician-notifications?notification=42',
  serviceType: 'Brake Service',
  urgency: 'high',
  distanceMiles: 2.4,
  deadline: '2030-01-01T12:05:00.000Z',
  acceptUrl: '/api/job-notifications/42/accept',
} as const;

const withdraw = {
  kind: 'withdraw',
  tag: jobPushTag(42),
  notificationId: 42,
  title: 'Job no longer available',
  body: 'Another technician accepted the Brake Service job.',
  url: '/technician-notifications',
} as const;

describe('parsePushMessage', () => {
  it('accepts exactly what the shared schema accepts', () => {
    expect(pushMessageSchema.parse(job)).toEqual(job);
    expect(parsePushMessage(job)).toEqual(job);
    expect(parsePushMessage(withdraw)).toEqual(withdraw);
    expect(parsePushMessage({ ...job, distanceMiles: null })).toEqual({
      ...job,
      distanceMiles: null,
    });
  });

  it('refuses what the shared schema refuses', () => {
    const bad: unknown[] = [
      null,
      'job',
      [],
      { ...job, kind: 'other' },
      { ...job, notificationId: 1.5 },
      { ...job, urgency: 'whenever' },
      { ...job, acceptUrl: undefined },
      { ...job, distanceMiles: '2' },
      { ...withdraw, url: 3 },
      { ...withdraw, tag: '' },
    ];
    for (const raw of bad) {
      expect(parsePushMessage(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('reads a push payload as JSON, or nothing', () => {
    expect(parsePushText(JSON.stringify(job))).toEqual(job);
    expect(parsePushText('not json')).toBeNull();
    expect(parsePushText(undefined)).toBeNull();
  });
});

describe('notificationFor', () => {
  it('shows a job with Accept and View until answered', () => {
    const shown = notificationFor(parsePushMessage(job), 1000);
    expect(shown.title).toBe(job.title);
    expect(shown.options).toMatchObject({
      body: job.body,
      tag: 'job-42',
      actions: JOB_ACTIONS,
      requireInteraction: true,
      timestamp: 1000,
      data: { kind: 'job', url: job.url, acceptUrl: job.acceptUrl, notificationId: 42 },
    });
    expect(JOB_ACTIONS).toEqual([
      { action: 'accept', title: 'Accept' },
      { action: 'view', title: 'View' },
    ]);
  });

  it('replaces the job with a silent notice under the same tag on withdraw', () => {
    const shown = notificationFor(parsePushMessage(withdraw), 2000);
    expect(shown.title).toBe(withdraw.title);
    expect(shown.options.tag).toBe(notificationFor(parsePushMessage(job), 0).options.tag);
    expect(shown.options.silent).toBe(true);
    expect(shown.options.actions).toBeUndefined();
    expect(shown.options.requireInteraction).toBeFalsy();
    expect(shown.options.body).toBe(withdraw.body);
  });

  it("shows news of a technician's job (a window answered) that opens the job", () => {
    const notice = {
      kind: 'notice',
      tag: 'confirm_window:7:1-2',
      title: 'WR-000007: window confirmed',
      body: 'The customer confirmed Tue, Dec 1, 9:00–11:00 AM EST.',
      url: '/my-jobs/WR-000007',
    };
    expect(pushMessageSchema.safeParse(notice).success).toBe(true);
    expect(parsePushMessage(notice)).toEqual(notice);
    expect(parsePushMessage({ ...notice, url: 7 })).toBeNull();
    const shown = notificationFor(parsePushMessage(notice), 5);
    expect(shown.title).toBe(notice.title);
    expect(shown.options.body).toBe(notice.body);
    expect(shown.options.actions).toBeUndefined();
    expect(readNotificationData(shown.options.data)).toMatchObject({
      kind: 'notice',
      url: '/my-jobs/WR-000007',
    });
  });

  it('still shows something for a payload it cannot read', () => {
    const shown = notificationFor(null, 0);
    expect(shown.title).toBe('Wrenchly');
    expect(shown.options.data.url).toBe('/technician-notifications');
  });
});

describe('taps', () => {
  const data = readNotificationData(notificationFor(parsePushMessage(job), 0).options.data);

  it('accepts through the accept URL, opens the job otherwise', () => {
    expect(clickPlan('accept', data, ORIGIN)).toEqual({
      kind: 'accept',
      acceptUrl: `${ORIGIN}/api/job-notifications/42/accept`,
    });
    expect(clickPlan('view', data, ORIGIN)).toEqual({ kind: 'open', url: `${ORIGIN}${job.url}` });
    expect(clickPlan('', data, ORIGIN)).toEqual({ kind: 'open', url: `${ORIGIN}${job.url}` });
  });

  it('never leaves the site', () => {
    expect(sameOriginUrl('https://evil.example/x', ORIGIN)).toBeNull();
    expect(sameOriginUrl('/x?y=1', ORIGIN)).toBe(`${ORIGIN}/x?y=1`);
    const evil = { ...data, url: 'https://evil.example/', acceptUrl: 'https://evil.example/a' };
    expect(clickPlan('accept', evil, ORIGIN)).toEqual({
      kind: 'open',
      url: `${ORIGIN}/technician-notifications`,
    });
  });

  it('reads unknown notification data as the notifications screen', () => {
    expect(readNotificationData(undefined)).toEqual({
      kind: 'notice',
      url: '/technician-notifications',
    });
    expect(clickPlan('accept', readNotificationData({ url: '/x' }), ORIGIN).kind).toBe('open');
  });
});

describe('acceptOutcome', () => {
  const data = readNotificationData(notificationFor(parsePushMessage(job), 0).options.data);

  it('opens the accepted job by its reference', () => {
    expect(
      acceptOutcome(200, { id: 42, serviceRequest: { id: 7 } }, data, 'job-42', ORIGIN),
    ).toEqual({ kind: 'open', url: `${ORIGIN}/my-jobs/WR-000007` });
  });

  it("replaces the notification with the server's reason", () => {
    const message = 'This job has already been accepted by another technician';
    const outcome = acceptOutcome(409, { message }, data, 'job-42', ORIGIN);
    expect(outcome).toMatchObject({
      kind: 'replace',
      shown: { title: ACCEPT_FAILED_TITLE, options: { body: message, tag: 'job-42' } },
    });
    if (outcome.kind === 'replace') expect(outcome.shown.options.actions).toBeUndefined();
  });

  it('says when the server could not be reached', () => {
    expect(acceptOutcome(0, null, data, 'job-42', ORIGIN)).toMatchObject({
      kind: 'replace',
      shown: { options: { body: ACCEPT_FAILED_BODY, tag: 'job-42' } },
    });
  });
});
