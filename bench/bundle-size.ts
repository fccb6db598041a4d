// The JS a visitor's browser downloads before a public page is interactive: the entry script
// and module preloads of the built index.html plus the screen's chunk and its static imports
// (what the server preloads with the page), gzip level 9 and brotli, per page.
//
//   npm run build && npx tsx bench/bundle-size.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { preloadsFor } from '../src/server/lib/ssr';

const dir = path.resolve('dist/client');
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
const shellFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

const pages: [string, string][] = [
  ['/', 'home'],
  ['/technicians', 'technicians'],
  ['/technician/:id', 'technician'],
  ['/faq', 'faq'],
];
console.log('page              files  raw KB  gzip KB  brotli KB');
for (const [page, file] of pages) {
  const files = new Set([...shellFiles, ...preloadsFor(manifest, `routes/${file}.tsx`).js]);
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of files) {
    const body = readFileSync(path.join(dir, f));
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body).length;
  }
  console.log(
    `${page.padEnd(17)} ${String(files.size).padStart(5)}  ${(raw / 1024).toFixed(1).padStart(6)}  ${(gz / 1024).toFixed(1).padStart(7)}  ${(br / 1024).toFixed(1).padStart(9)}`,
  );
}
