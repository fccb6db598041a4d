import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClientPlugin } from './static-client';

// A build in miniature: the shell, Vite's manifest, a precompressed asset and a server entry
// whose pages ask the app for their data the way the real one does (fetch of a relative URL).
const SHELL = `<!doctype html><html><head><meta name="description" content="Generic" /><title>Wrenchly</title><script type="module" src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/app-9.js"></head><body><div id="root"></div></body></html>`;
const ENTRY = `
import { Readable } from 'node:stream';
const screens = ['/', '/pos-system', '/broken'];
const known = (p) => screens.includes(p) || p.startsWith('/technician/');
export const serverRendered = (p) => p !== '/pos-system';
export const screenFile = (p) => (p.startsWith('/technician/') ? 'technician' : known(p) ? 'home' : 'not-found');
export async function render(url, origin) {
  if (url === '/broken') throw new Error('render failed');
  const res = await fetch('/api/who');
  const who = await res.json();
  const path = url.split('?')[0];
  return {
    // React's prerender hands over a stream of the markup.
    html: Readable.from([known(path) ? '<h1>Hello ' : '<h1>Not found, ', who.name + '</h1>']),
    state: JSON.stringify({ queries: [{ data: who.name }] }),
    status: url.startsWith('/technician/0') || !known(path) ? 404 : 200,
    meta: {
      title: 'Title <for> ' + who.name,
      description: 'About "' + who.name + '"',
      canonical: origin + url.split('?')[0],
      jsonLd: { '@type': 'AutoRepair', name: who.name },
    },
  };
}`;

describe('static client with server rendering', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wrenchly-ssr-'));
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, 'assets'), { recursive: true });
    mkdirSync(path.join(client, '.vite'));
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(client, 'index.html'), SHELL);
    writeFileSync(path.join(client, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(client, 'assets', 'index-abc.js.br'), 'brotli-bytes');
    writeFileSync(
      path.join(client, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc.js', isEntry: true },
        'routes/technician.tsx': {
          file: 'assets/technician-1.js',
          imports: ['_card.js', 'index.html'],
          css: ['assets/technician-1.css'],
        },
        '_card.js': { file: 'assets/card-2.js', imports: ['index.html'] },
      }),
    );
    writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), ENTRY);
    app = Fastify();
    app.get('/api/who', async (request) => ({
      // What the page's own API request carried: the visitor's cookie.
      name: request.headers.cookie ? `</script><b>${request.headers.cookie}` : 'Marcus',
    }));
    await app.register(staticClientPlugin, { clientDir: client });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a public page into the shell with its head, data and the screen preloads', async () => {
    const res = await app.inject({ url: '/technician/7?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root"><h1>Hello Marcus</h1></div>');
    expect(html).toContain('<title>Title &lt;for> Marcus</title>');
    expect(html).toContain('<meta name="description" content="About &quot;Marcus&quot;" />');
    expect(html).not.toContain('Generic');
    expect(html).toContain('<link rel="canonical" href="http://localhost/technician/7" />');
    expect(html).toContain('<meta property="og:title" content="Title &lt;for&gt; Marcus" />');
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"AutoRepair","name":"Marcus"}</script>',
    );
    expect(html).toContain(
      '<script type="application/json" id="wrenchly-state">{"queries":[{"data":"Marcus"}]}</script>',
    );
    // The app's and the screen's files, for the entry to fetch once the page is painted: the
    // shell's preload, the screen's chunk and its imports, not the entry the shell loads.
    expect(html).toContain(
      '<script type="application/json" id="wrenchly-files">["/assets/app-9.js","/assets/technician-1.js","/assets/card-2.js"]</script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/technician-1.css">');
    expect(html.match(/index-abc\.js/g)).toHaveLength(1);
  });

  it("asks the API as the visitor and escapes what it says so that it cannot close the page's scripts", async () => {
    const res = await app.inject({ url: '/', headers: { cookie: 'sid=1' } });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('<h1>Hello </script><b>sid=1</h1>');
    expect(res.body).toContain('"name":"\\u003c/script>\\u003cb>sid=1"');
    expect(res.body).toContain('{"queries":[{"data":"\\u003c/script>\\u003cb>sid=1"}]}');
    // The shell's, the JSON-LD's, the files' and the state's (the fifth is the fake page's own
    // markup).
    expect(res.body.match(/<\/script>/g)).toHaveLength(5);
  });

  it("keeps text with String.replace's patterns ($', $`, $&) as text in every field and the path", async () => {
    // The cookie reaches the page as the name: in the title, description, Open Graph, JSON-LD,
    // markup and data. The path reaches the canonical address.
    const patterns = "A$'B$`C$&D$$E";
    for (const res of [
      await app.inject({ url: '/', headers: { cookie: patterns } }),
      await app.inject({ url: "/zz$'$`$&" }),
    ]) {
      const html = res.body;
      expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(html.match(/id="wrenchly-state"/g)).toHaveLength(1);
      expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
      // The state block comes after the markup, not inside the head's JSON-LD.
      expect(html.indexOf('id="wrenchly-state"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    }
    const named = await app.inject({ url: '/', headers: { cookie: patterns } });
    const asText = patterns.split('&').join('&amp;');
    expect(named.body).toContain(`<title>Title &lt;for> &lt;/script>&lt;b>${asText}</title>`);
    expect(named.body).toContain(`content="About &quot;&lt;/script&gt;&lt;b&gt;${asText}&quot;"`);
    const pathed = await app.inject({ url: "/zz$'$`$&" });
    expect(pathed.statusCode).toBe(404);
    // (inject sends the backquote percent-encoded, as a browser does)
    expect(pathed.body).toContain(
      '<link rel="canonical" href="http://localhost/zz$\'$%60$&amp;" />',
    );
  });

  it('answers a revalidation with 304 when the page is unchanged', async () => {
    const first = await app.inject({ url: '/technician/7' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url: '/technician/7', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it("keeps the page's status (a missing technician is a 404 page)", async () => {
    const res = await app.inject({ url: '/technician/0' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Hello Marcus</h1>');
  });

  it('renders the 404 page with status 404 for an address no screen has', async () => {
    const res = await app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"><h1>Not found, Marcus</h1></div>');
  });

  it('sends the shell when rendering fails, and for screens it does not render', async () => {
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(SHELL);
    const screen = await app.inject({ url: '/pos-system' });
    expect(screen.body).toBe(SHELL);
    expect(screen.headers.etag).toMatch(/^W\/"/);
  });

  it('serves precompressed assets to browsers that take them, never the manifest', async () => {
    const br = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli-bytes');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const manifest = await app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('routes/technician.tsx');
  });
});
