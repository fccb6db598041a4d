import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SSR_FILES_ID, SSR_ROOT, SSR_STATE_ID } from '@shared/ssr';

/** What the client's server entry (src/client/entry-server.tsx, built to dist/ssr) exports. */
export type SsrEntry = {
  /** Public pages and unknown addresses (the 404 screen); signed-in screens get the shell. */
  serverRendered: (pathname: string) => boolean;
  render: (
    url: string,
    origin: string,
  ) => Promise<{
    /** The root element's markup, complete (React's static prerender). */
    html: AsyncIterable<Uint8Array | string> | string;
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
  screenFile: (pathname: string) => string;
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

type Page = Awaited<ReturnType<SsrEntry['render']>>;

/** The shell for rendered pages, and the app's files it preloaded. */
export type PageTemplate = { html: string; appFiles: string[] };

/**
 * The shell as rendered pages use it: its stylesheets written in (inlineStyles), and its
 * module preloads taken out. A rendered page is painted before the app's code runs: the entry
 * asks for these files once it is (src/client/main.tsx), so that they neither hold the first
 * paint back nor share the connection with it.
 */
export function pageTemplate(shell: string, readAsset: (href: string) => string): PageTemplate {
  const appFiles: string[] = [];
  const html = inlineStyles(stylesFirst(shell), readAsset).replace(
    /\s*<link rel="modulepreload"(?: crossorigin)? href="\/([^"]+)">/g,
    (_link, href: string) => {
      appFiles.push(href);
      return '';
    },
  );
  return { html, appFiles };
}

/**
 * The shell around a rendered page, split where the page's markup goes: head tags (title,
 * description, canonical, Open Graph, JSON-LD, the screen's stylesheets and the list of the
 * app's and the screen's files) in the first part, the page's data block in the second.
 */
export function frameFor(
  template: PageTemplate,
  page: Omit<Page, 'html'>,
  screen: { js: string[]; css: string[] },
): [string, string] {
  const { meta } = page;
  const files = [...new Set([...template.appFiles, ...screen.js])].filter(
    (f) => !template.html.includes(`/${f}"`),
  );
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
    ...screen.css
      .filter((f) => !template.html.includes(`/${f}"`))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    `<script type="application/json" id="${SSR_FILES_ID}">${scriptJson(JSON.stringify(files.map((f) => `/${f}`)))}</script>`,
  ].join('\n    ');
  // Replacer functions, never replacement strings: in those, `$'`, `$\`` and `$&` (which a bio,
  // a name or an address may hold) copy parts of the template into the page.
  const filled = template.html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${head}\n  </head>`);
  const at = filled.indexOf(SSR_ROOT);
  return [
    `${filled.slice(0, at)}<div id="root">`,
    `</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>${filled.slice(at + SSR_ROOT.length)}`,
  ];
}

/** The shell with a rendered page, as one stream: the frame's first part, the markup, the rest. */
export function pageStream(
  frame: [string, string],
  html: AsyncIterable<Uint8Array | string> | string,
): Readable {
  return Readable.from(
    (async function* () {
      yield frame[0];
      if (typeof html === 'string') yield html;
      else yield* html;
      yield frame[1];
    })(),
  );
}

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

/**
 * The shell's own stylesheets written into the page: a rendered page paints with its first
 * response instead of after another round trip for the CSS. A stylesheet with relative URLs
 * (which would resolve against the page instead) or that could close the element stays a link.
 * `data-href` names the file, so that the screen's preloads do not ask for it again.
 */
export function inlineStyles(html: string, read: (href: string) => string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (link, href: string) => {
      const css = read(href);
      const relative = /url\(\s*(?!['"]?(?:data:|\/|https?:))/i.test(css);
      return relative || /<\/style/i.test(css)
        ? link
        : `<style data-href="/${href}">${css}</style>`;
    },
  );
}

/**
 * A weak validator of a page from what it is made of (the shell, the address, what the head
 * says and the data the page showed; the query state's timestamps left out): the same content
 * gives the same tag whatever the time the data was fetched at. The markup is a function of these.
 */
export const etagOf = (...parts: string[]) => {
  const hash = createHash('sha1');
  for (const part of parts)
    hash
      .update(part.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, ''))
      .update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
};

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
  /** Renders a public page (or the 404 page) into the shell; undefined when the path is not one. */
  page: (
    app: FastifyInstance,
    request: FastifyRequest,
    origin: string,
  ) => Promise<{ body: Readable; status: number; etag: string } | undefined>;
};

/**
 * Loads the built server entry and the client's manifest; null when the build has none.
 * `shellFor` adds the run-time settings to the shell (static-client.ts).
 */
export async function loadSsr(
  clientDir: string,
  shellFor: (html: string) => string = (html) => html,
): Promise<Ssr | null> {
  const entryFile = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const template = pageTemplate(
    shellFor(readFileSync(path.join(clientDir, 'index.html'), 'utf8')),
    (href) => readFileSync(path.join(clientDir, href), 'utf8'),
  );
  patchFetch();
  return {
    entry,
    async page(app, request, origin) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!entry.serverRendered(pathname)) return undefined;
      const rendered = await renderContext.run(inProcessFetch(app, request), () =>
        entry.render(request.url, origin),
      );
      const screen = preloadsFor(manifest, `routes/${entry.screenFile(pathname)}.tsx`);
      const frame = frameFor(template, rendered, screen);
      return {
        body: pageStream(frame, rendered.html),
        status: rendered.status,
        etag: etagOf(request.url, frame[0], frame[1]),
      };
    },
  };
}
