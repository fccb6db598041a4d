import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician } from '../../../../tests/helpers/factories';

let t: TestApp;
let listed: number;
let pending: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://wrenchly.example' } });
  listed = (await createTechnician(t.app, { firstName: 'Listed' })).technician.id;
  pending = (await createTechnician(t.app, { firstName: 'Pending', status: 'pending' })).technician
    .id;
});
afterAll(() => t.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the public pages, keeps crawlers off accounts and the API, names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin-dashboard');
    expect(res.body).not.toMatch(/^Disallow: \/technician\/?$/m);
    expect(res.body).toContain('Sitemap: https://wrenchly.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and every listed technician, not pending ones', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>https://wrenchly.example/</loc>');
    expect(res.body).toContain('<loc>https://wrenchly.example/technicians</loc>');
    expect(res.body).toContain('<loc>https://wrenchly.example/faq</loc>');
    expect(res.body).toMatch(
      new RegExp(
        `<url><loc>https://wrenchly.example/technician/${listed}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`,
      ),
    );
    expect(res.body).not.toContain(`/technician/${pending}<`);
    expect(res.body).not.toContain('/admin-dashboard');
  });

  it('serves the split files and answers 404 for ones that do not exist', async () => {
    const pages = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(pages.statusCode).toBe(200);
    expect(pages.body).toContain('<loc>https://wrenchly.example/how-it-works</loc>');
    const first = await t.app.inject({ url: '/sitemaps/technicians-1.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`/technician/${listed}</loc>`);
    for (const file of ['technicians-2.xml', 'technicians-0.xml', 'nope.xml', 'technicians-x.xml'])
      expect((await t.app.inject({ url: `/sitemaps/${file}` })).statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('sends JSON above 1 KB brotli or gzip as the client accepts, small answers as they are', async () => {
    for (let i = 0; i < 8; i++) await createTechnician(t.app, { firstName: `Many${i}` });
    const br = await t.app.inject({
      url: '/api/technicians?pageSize=12',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await t.app.inject({
      url: '/api/technicians?pageSize=12',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/api/technicians?pageSize=12' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(9);
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
