import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Mail, acceptThroughApi } from './fixtures';

/**
 * What the customer hears outside the page, seen from devices on Pacific time: a guest opts in
 * to texts, the technician types a window (read as New York time), the page shows it with the
 * zone, the texts arrive in the demo outbox (the SMS stand-in), the confirmed window downloads
 * as an .ics file, and 'Stop texts' stops them.
 */
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });

type Created = { id: number; reference: string; requestPath: string };
const PHONE = '(301) 555-0177';
const E164 = '+13015550177';

/** Tomorrow on the New York calendar, as the date input wants it. */
function tomorrowInNewYork() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + 86_400_000),
  );
}

async function textsTo(request: APIRequestContext, template: string, reference: string) {
  const all = (await (await request.get('/api/dev/mailbox')).json()) as (Mail & {
    channel: string;
  })[];
  return all.filter(
    (m) =>
      m.channel === 'sms' && m.to === E164 && m.template === template && m.text.includes(reference),
  );
}

test('texts, the calendar file and New York times for a customer on Pacific time', async ({
  browser,
  signedInContext,
}) => {
  test.setTimeout(120_000);
  const tech = await signedInContext('technician');
  const guest = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  const res = await guest.request.post('/api/service-requests', {
    data: {
      serviceType: 'Diagnostics',
      description: `Check engine light and a rough idle ${Date.now()}`,
      urgency: 'medium',
      location: 'Hyattsville, MD',
      customerName: 'Robin Texts',
      customerEmail: 'robin.texts@example.com',
      customerPhone: PHONE,
      textUpdates: true,
      vehicleInfo: '2016 Toyota Camry',
      vehicleYear: '2016',
    },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as Created;
  const { reference } = created;
  await acceptThroughApi(tech, created.id);

  // The technician, on Pacific time too, types 9:00 to 11:00: New York times.
  const techPage = await tech.newPage();
  await techPage.goto(`/my-jobs/${reference}`);
  const windowForm = techPage.getByRole('form', { name: 'Arrival window' });
  await windowForm.getByLabel('Date').fill(tomorrowInNewYork());
  await windowForm.getByLabel('From').fill('09:00');
  await windowForm.getByLabel('To').fill('11:00');
  await windowForm.getByRole('button', { name: 'Propose window' }).click();
  await expect(techPage.getByText(/9:00–11:00 AM E[SD]T/)).toBeVisible();

  // The customer's page shows the New York time with its zone, not Pacific time.
  const page = await guest.newPage();
  await page.goto(created.requestPath);
  await expect(page.getByTestId('arrival-window')).toHaveText(/, 9:00–11:00 AM E[SD]T$/);
  await expect(page.getByTestId('texts-status')).toContainText(PHONE);

  // The proposed window was texted, with the same time and the request's link.
  await expect(async () => {
    const [sms] = await textsTo(guest.request, 'job_window_proposed', reference);
    expect(sms?.text).toMatch(/9:00–11:00 AM E[SD]T/);
    expect(sms?.text).toContain(`/requests/${reference}?t=`);
  }).toPass({ timeout: 10_000 });

  // Confirmed on the page: the calendar file downloads, its times in New York.
  await page.getByRole('button', { name: 'Confirm window' }).click();
  const link = page.getByRole('link', { name: 'Add to calendar (.ics)' });
  await expect(link).toBeVisible();
  const ics = await guest.request.get((await link.getAttribute('href'))!);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await ics.text();
  expect(body).toContain('\r\nMETHOD:PUBLISH\r\n');
  expect(body).toMatch(/\r\nDTSTART;TZID=America\/New_York:\d{8}T090000\r\n/);
  expect(body).toMatch(/\r\nDTEND;TZID=America\/New_York:\d{8}T110000\r\n/);

  // On the way a day early: the text names the window, never an arrival estimate.
  const moved = await tech.request.post(`/api/service-requests/${reference}/moves`, {
    data: { move: 'start_route' },
  });
  expect(moved.status()).toBe(200);
  await expect(async () => {
    const [sms] = await textsTo(guest.request, 'job_en_route', reference);
    expect(sms?.text).toMatch(/is on the way for your window .+ 9:00–11:00 AM E[SD]T/);
    expect(sms?.text).not.toMatch(/minutes/);
  }).toPass({ timeout: 10_000 });

  // Stop texts: the page says so and offers to start them again.
  await page.getByRole('button', { name: 'Stop texts' }).click();
  await expect(page.getByRole('button', { name: 'Start texts' })).toBeVisible();
});
