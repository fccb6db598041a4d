// The JS a visitor's browser downloads before a public page is interactive: the entry script
// and the app's files the built index.html preloads, plus the screen's chunk and its static
// imports (the files a rendered page lists for the entry to fetch once it is painted), gzip
// level 9 and brotli, per page.
//
//   npm run build && npx tsx bench/bundle-size.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { preloadsFor } from '../src/server/infra/ssr';

const dir = path.resolve('dist/client');

/** The files and bytes of a screen's first download (src/client/routes/<screen>.tsx). */
export function firstDownload(screen: string) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
  const shellFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files = new Set([...shellFiles, ...preloadsFor(manifest, `routes/${screen}.tsx`).js]);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of files) {
    const body = readFileSync(path.join(dir, f));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body).length;
  }
  return { files: files.size, raw, gzip, brotli };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages: [string, string][] = [
    ['/', 'home'],
    ['/technicians', 'technicians'],
    ['/technician/:id', 'technician'],
    ['/faq', 'faq'],
  ];
  console.log('page              files  raw KB  gzip KB  brotli KB');
  for (const [page, screen] of pages) {
    const { files, raw, gzip, brotli } = firstDownload(screen);
    console.log(
      `${page.padEnd(17)} ${String(files).padStart(5)}  ${(raw / 1024).toFixed(1).padStart(6)}  ${(gzip / 1024).toFixed(1).padStart(7)}  ${(brotli / 1024).toFixed(1).padStart(9)}`,
    );
  }
}
