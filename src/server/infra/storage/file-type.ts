import type { AcceptedUploadType } from '@shared/constants/uploads';

/** Bytes needed from the start of a file to recognise its type. */
export const SIGNATURE_BYTES = 16;

const HEIC_BRANDS = new Set(['heic', 'heix', 'mif1', 'hevc', 'msf1']);

/**
 * The file's real type from its first bytes (the declared type and the name are not trusted),
 * or null when it is none of the accepted types.
 */
export function detectFileType(head: Uint8Array): AcceptedUploadType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'image/heic';
  return null;
}
