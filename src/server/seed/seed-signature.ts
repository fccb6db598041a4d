import { deflateSync } from 'node:zlib';

/** CRC-32 (the PNG chunk checksum). */
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A small handwritten-looking signature (a looping pen stroke, ink on a transparent ground) as
 * the PNG data URL the quote approval stores, so demo quotes show a real signature image.
 */
export function demoSignaturePng(width = 240, height = 80): string {
  // Grey + alpha, 8 bits each: every row starts with filter byte 0.
  const stride = width * 2 + 1;
  const raw = Buffer.alloc(stride * height);
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = py * stride + 1 + px * 2;
        raw[at] = 20;
        raw[at + 1] = 255;
      }
  };
  // A cursive stroke: loops moving right, with a falling tail.
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 16 + t * (width - 40) + 10 * Math.sin(t * 38);
    const y = height / 2 + 18 * Math.cos(t * 38) * (1 - t * 0.5) - 8 * Math.sin(t * 5) + t * 10;
    ink(x, y);
  }
  for (let x = 30; x < width - 30; x += 1) ink(x, height - 14 + Math.sin(x / 25) * 2);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 4; // grey + alpha
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
