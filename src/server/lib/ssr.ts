import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SSR_ROOT } from '../../shared/ssr';

/** What the client's server entry (src/client/entry-server.tsx, built to dist/ssr) exports. */
export type SsrEntry = {
  isServerRendered: (pathname: string) => boolean;
  render: (
    url: string,
    origin: string,
  ) => Promise<{
    html: string;
    state: string;
    status: number;
    meta: {
      title: string;
      description: string;
      canonical: string;
      jsonLd?: Record<string, unknown>;
      noindex?: boolean;
    };
  }>;
  /** The route module (src/client/routes/<file>.tsx) of a path, for its preloads. */
  screenFile: (pathname: string) => string | undefined;
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** JSON inside a <script> data block: nothing in it may close the element. */
export const scriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The files a route module needs at once (its chunk and static imports), from Vite's manifest. */
export function preloadsFor(manifest: Manifest, key: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/** The shell with a rendered page: head tags, the markup, its data and the screen's preloads. */
export function fillTemplate(
  template: string,
  page: Awaited<ReturnType<SsrEntry['render']>>,
  preloads: { js: string[]; css: string[] },
  stateId: string,
): string {
  const { meta } = page;
  const head = [
    `<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`,
    `<meta property="og:type" content="${meta.jsonLd?.['@type'] === 'AutoRepair' ? 'profile' : 'website'}" />`,
    `<meta property="og:site_name" content="Wrenchly" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(meta.canonical)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(meta.jsonLd
      ? [`<script type="application/ld+json">${scriptJson(JSON.stringify(meta.jsonLd))}</script>`]
      : []),
    ...preloads.js
      .filter((f) => !template.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...preloads.css
      .filter((f) => !template.includes(`/${f}"`))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    )
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(
      SSR_ROOT,
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="${stateId}">${scriptJson(page.state)}</script>`,
    );
}

/**
 * A weak validator of a page: the same content gives the same tag, whatever the time the data
 * was fetched at (the query state's timestamps are left out).
 */
/**
 * The shell with its stylesheets ahead of the scripts and module preloads: the page's first
 * paint waits for the CSS only, so it is asked for first.
 */
export function stylesFirst(html: string): string {
  const sheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  const firstScript = html.search(/<script type="module"|<link rel="modulepreload"/);
  if (!sheets.length || firstScript < 0) return html;
  let rest = html;
  for (const s of sheets) rest = rest.replace(s, '');
  return rest.slice(0, firstScript) + sheets.join('') + rest.slice(firstScript);
}

export const etagOf = (body: string) =>
  `W/"${createHash('sha1')
    .update(body.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, ''))
    .digest('base64url')
    .slice(0, 27)}"`;

/**
 * While a page renders, the API requests its screens make (relative URLs through the global
 * fetch) are answered by this app in-process, as the visitor (their cookie and address).
 */
const renderContext = new AsyncLocalStorage<
  (url: string, init?: RequestInit) => Promise<Response>
>();
let fetchPatched = false;

function patchFetch() {
  if (fetchPatched) return;
  fetchPatched = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const inProcess = renderContext.getStore();
    if (inProcess && typeof input === 'string' && input.startsWith('/'))
      return inProcess(input, init);
    return original(input, init);
  };
}

function inProcessFetch(app: FastifyInstance, request: FastifyRequest) {
  return async (url: string, init?: RequestInit) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        accept: 'application/json',
      },
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) headers.append(k, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}

export type Ssr = {
  entry: SsrEntry;
  /** Renders a public page into the shell; undefined when the path is not one. */
  page: (
    app: FastifyInstance,
    request: FastifyRequest,
    origin: string,
  ) => Promise<{ body: string; status: number } | undefined>;
};

/** Loads the built server entry and the client's manifest; null when the build has none. */
export async function loadSsr(clientDir: string, stateId: string): Promise<Ssr | null> {
  const entryFile = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const template = stylesFirst(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  patchFetch();
  return {
    entry,
    async page(app, request, origin) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!entry.isServerRendered(pathname)) return undefined;
      const rendered = await renderContext.run(inProcessFetch(app, request), () =>
        entry.render(request.url, origin),
      );
      const file = entry.screenFile(pathname);
      const preloads = file ? preloadsFor(manifest, `routes/${file}.tsx`) : { js: [], css: [] };
      return {
        body: fillTemplate(template, rendered, preloads, stateId),
        status: rendered.status,
      };
    },
  };
}
