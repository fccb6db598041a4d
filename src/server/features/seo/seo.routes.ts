import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOT_CRAWLED, SITEMAP_PAGES, SITEMAP_PAGE_SIZE } from '@shared/seo';
import { technicianPath } from '@shared/paths';
import { AppError } from '../../infra/app-error';
import { publicBaseUrl } from '../../infra/public-url';
import { createSeoService } from './seo.service';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const day = (d: Date) => d.toISOString().slice(0, 10);

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
const url = (loc: string, lastmod?: Date) =>
  `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;

/**
 * robots.txt and sitemap.xml: the public pages and every listed technician's profile.
 * Up to SITEMAP_PAGE_SIZE profiles it is one file; beyond, /sitemap.xml is an index of
 * /sitemaps/pages.xml and /sitemaps/technicians-N.xml (the protocol's 50,000-URL limit).
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const seo = createSeoService(app);
  const base = () => publicBaseUrl(app.config);

  /** Profiles of the n-th file (from 1), by id. */
  async function technicianUrls(n: number) {
    const rows = await seo.listedTechniciansPage((n - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
    return rows.map((r) => url(`${base()}${technicianPath(r.id)}`, r.updatedAt));
  }
  const pageUrls = () => SITEMAP_PAGES.map((p) => url(`${base()}${p}`));

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...NOT_CRAWLED.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${base()}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    },
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      const total = await seo.countListedTechnicians();
      if (total <= SITEMAP_PAGE_SIZE) return urlset([...pageUrls(), ...(await technicianUrls(1))]);
      const files = Math.ceil(total / SITEMAP_PAGE_SIZE);
      const sitemaps = [
        `${base()}/sitemaps/pages.xml`,
        ...Array.from({ length: files }, (_, i) => `${base()}/sitemaps/technicians-${i + 1}.xml`),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
        .map((s) => `  <sitemap><loc>${xmlEscape(s)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`;
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().max(40) }) },
    },
    async (request, reply) => {
      const { file } = request.params;
      const n = /^technicians-([1-9]\d{0,3})\.xml$/.exec(file)?.[1];
      let entries: string[] = [];
      if (file === 'pages.xml') entries = pageUrls();
      else if (n) entries = await technicianUrls(Number(n));
      if (!entries.length) throw new AppError(404, 'No such sitemap');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(urlset(entries));
    },
  );
};
