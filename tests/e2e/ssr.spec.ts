import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Public pages arrive with their content, head tags and data; React takes the markup over
// without drawing it again; assets are compressed and cached for good (ADR 021, ADR 024).

// Once installed, the service worker answers navigations with the app shell (ADR 013): these
// journeys are about what the server sends, so no worker takes over between pages.
test.use({ serviceWorkers: 'block' });

type Listed = { id: number; user: { firstName: string; lastName: string } };

async function firstTechnician(request: APIRequestContext) {
  const list = (await (await request.get('/api/technicians?pageSize=1')).json()) as Listed[];
  return list[0]!;
}

test('a profile comes from the server with its content, head tags and structured data', async ({
  request,
}) => {
  const t = await firstTechnician(request);
  const res = await request.get(`/technician/${t.id}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['etag']).toBeTruthy();
  const html = await res.text();
  const name = `${t.user.firstName} ${t.user.lastName}`;
  expect(html).toMatch(
    new RegExp(`<title>${name} - Mobile Mechanic in [^<]+ \\| Wrenchly</title>`),
  );
  expect(html).toMatch(/<meta name="description" content="[^"]*certified mobile mechanic/);
  expect(html).toContain(`<link rel="canonical" href="`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/technician/${t.id}" />`));
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain('<meta property="og:description"');
  expect(html).toContain(`<h1`);
  expect(html).toContain(name);
  const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(ld!)).toMatchObject({ '@type': 'AutoRepair', name });
  // The page names the screen's code, fetched once the page is painted; its styles are in it.
  expect(html).toMatch(
    /<script type="application\/json" id="wrenchly-files">\[[^\]]*"\/assets\/technician-[^"]+\.js"/,
  );
  expect(html).toMatch(/<style data-href="\/assets\/[^"]+\.css">/);
  expect(html).not.toContain('rel="stylesheet"');

  const again = await request.get(`/technician/${t.id}`, {
    headers: { 'if-none-match': res.headers()['etag']! },
  });
  expect(again.status()).toBe(304);

  const missing = await request.get('/technician/999999');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
});

test('an address no screen has answers 404 with the 404 page, rendered by the server', async ({
  page,
  request,
}) => {
  const res = await request.get('/no-such-page/at-all?x=1');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain('404 Page Not Found');
  expect(html).toContain('<title>Page Not Found | Wrenchly</title>');
  expect(html).toContain('<meta name="robots" content="noindex" />');
  // The API keeps its JSON 404, and a missing asset is not a page.
  expect((await request.get('/api/no-such-thing')).status()).toBe(404);
  expect((await request.get('/assets/missing-123.js')).status()).toBe(404);

  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('without JavaScript the home page, the list and a profile still show their content', async ({
  browser,
  request,
}) => {
  const t = await firstTechnician(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Wrenchly - Certified Mobile Mechanics');
  await page.goto('/technicians?serviceType=Oil%20Change');
  await expect(page.getByRole('heading', { name: 'Find Certified Mechanics' })).toBeVisible();
  await expect(page.locator('main a[href^="/technician/"]').first()).toBeVisible();
  await page.goto(`/technician/${t.id}`);
  await expect(
    page.getByRole('heading', { name: `${t.user.firstName} ${t.user.lastName}` }),
  ).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Help Center' })).toBeVisible();
  await context.close();
});

test('the browser takes over the server page without errors and it works at once', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/service worker/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The server's markup is the page the browser shows: the heading is there before any script.
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Find a Technician' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/technicians');
  await page.locator('main a[href^="/technician/"]').first().click();
  await expect(page).toHaveURL(/\/technician\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Moving between screens in the browser updates the title as the server would have set it.
  await expect(page).toHaveTitle(/ - Mobile Mechanic in .+ \| Wrenchly$/);
  await page.goBack();
  await expect(page).toHaveTitle('Find Certified Mechanics | Wrenchly');
  expect(errors.filter((e) => /hydrat|did not match|server rendered/i.test(e))).toEqual([]);
});

// What hydration changed in the page (boot.tsx marks its start and its commit): React takes
// matching markup over; where it differs, React renders that part again in the browser (and
// reports it), so any difference between the markup before and after is a mismatch between the
// server's render and the browser's.
declare global {
  interface Window {
    hydrationChange?: string;
  }
}

test("React hydrates the server's markup unchanged on every public page", async ({
  page,
  request,
}) => {
  // React reports a difference between the server's markup and its first render (main.tsx
  // logs it): none may happen.
  const mismatches: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Hydration mismatch/.test(m.text())) mismatches.push(m.text());
  });
  await page.addInitScript(() => {
    let before = '';
    // An empty style attribute (Radix's collapsible sets its size variables as it mounts) is
    // no style at all.
    const markup = (root: HTMLElement) => root.innerHTML.replaceAll(' style=""', '');
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      const root = document.getElementById('root');
      if (name === 'wrenchly:hydrate' && root) before = markup(root);
      if (name === 'wrenchly:hydrated' && root) {
        const after = markup(root);
        let i = 0;
        while (i < after.length && after[i] === before[i]) i++;
        window.hydrationChange =
          after === before
            ? ''
            : `server: …${before.slice(Math.max(0, i - 80), i + 80)}…\nbrowser: …${after.slice(Math.max(0, i - 80), i + 80)}…`;
      }
      return mark(name, options);
    };
  });
  const t = await firstTechnician(request);
  for (const path of [
    '/',
    '/technicians',
    '/technicians?serviceType=Oil%20Change&location=Arlington%2C%20VA',
    `/technician/${t.id}`,
    '/faq',
    '/how-it-works',
  ]) {
    await page.goto(path);
    await page.waitForFunction(() => window.hydrationChange !== undefined);
    expect(await page.evaluate(() => window.hydrationChange), path).toBe('');
    // React DOM, not a stand-in, owns the page's root.
    expect(
      await page.evaluate(() =>
        Object.keys(document.getElementById('root')!).some((k) =>
          k.startsWith('__reactContainer$'),
        ),
      ),
      path,
    ).toBe(true);
  }
  expect(mismatches).toEqual([]);
});

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test('the public pages run under the Content Security Policy without breaking it', async ({
  page,
  request,
}) => {
  // The browser reports each blocked script, eval or style as an event (and an issue in its
  // console): a library that tries `new Function` under script-src 'self' is one.
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  const t = await firstTechnician(request);
  for (const path of [
    '/',
    '/technicians?serviceType=Oil%20Change&zip=20716',
    `/technician/${t.id}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await page.waitForFunction(() => performance.getEntriesByName('wrenchly:hydrated').length > 0);
    // Forms check their input with the shared schemas: a search validates one.
    if (path === '/') {
      await page.getByRole('button', { name: 'Find a Technician' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
  }
});

test('robots.txt and the sitemap list the public pages and the profiles', async ({ request }) => {
  const t = await firstTechnician(request);
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: http[^\n]+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/technician/${t.id}</loc>`);
  expect(sitemap).toMatch(/<loc>[^<]+\/technicians<\/loc>/);
});

test('assets are compressed and cached for a year; pages revalidate', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const br = await request.get(entry, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const gzip = await request.get(entry, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const page = await request.get('/faq', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
});
