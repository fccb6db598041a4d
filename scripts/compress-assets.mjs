// After `vite build`: a brotli (.br) and a gzip (.gz) twin of every text file of the built
// client, at the highest levels (done once here, not per request); the server sends the one the
// browser accepts (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let files = 0;
let raw = 0;
let brotli = 0;

function walk(d) {
  for (const name of readdirSync(d)) {
    const file = path.join(d, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') walk(file);
      continue;
    }
    // The service worker is compared byte for byte by browsers checking for an update: it is
    // always sent as it is on disk (compressed per response), never from a twin made earlier.
    if (!TEXT.test(name) || name === 'sw.js') continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    files++;
    raw += body.length;
    brotli += br.length;
  }
}

walk(dir);
console.log(
  `compressed ${files} files: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB brotli`,
);
