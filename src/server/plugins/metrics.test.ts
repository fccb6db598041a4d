import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../tests/helpers/factories';
import { outbox } from '../db/schema';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (auth?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: auth ? { authorization: auth } : {},
    });

  it('refuses without the bearer token, or with another one (401)', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
  });

  it('answers Prometheus text: requests by route pattern, outbox backlog, payments, tasks', async () => {
    const { user } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    await t.app.inject({
      method: 'GET',
      url: '/api/quotes/technician/987654',
      headers: { cookie },
    });
    await t.app.db.insert(outbox).values({
      channel: 'email',
      toAddress: 'someone@example.com',
      subject: 'Waiting',
      textBody: 'Waiting',
      template: 'test',
      idempotencyKey: `metrics-test-${Date.now()}`,
    });
    await t.app.tasks.runExclusive('metrics-test-task', 0, 1000, async () => {});

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // By the route's pattern, never the URL (no ids in label values).
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/quotes\/technician\/:id",method="GET",status="\d{3}"\} 1/,
    );
    expect(text).not.toMatch(/route="[^"]*987654/);
    expect(text).toMatch(/outbox_depth\{channel="email"\} [1-9]/);
    expect(text).toMatch(/outbox_oldest_age_seconds\{channel="email"\} /);
    expect(text).toMatch(/background_task_runs_total\{task="metrics-test-task",outcome="ok"\} 1/);
    expect(text).toContain('event_streams_open 0');
    expect(text).toContain('process_cpu_seconds_total');
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics (404)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-1234' },
    });
    expect(res.statusCode).toBe(404);
  });
});
