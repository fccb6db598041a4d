import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('detectFileType', () => {
  it('recognises PDF, PNG, JPEG, WebP and HEIC by their first bytes', () => {
    expect(detectFileType(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('application/pdf');
    expect(detectFileType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png');
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    for (const brand of ['heic', 'heix', 'mif1', 'hevc', 'msf1'])
      expect(detectFileType(bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0])), brand).toBe(
        'image/heic',
      );
  });

  it('refuses anything else, whatever it is called', () => {
    for (const head of [
      bytes('just text'),
      bytes('<html><script>'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0]),
      bytes('%PDF'),
      bytes([0xff, 0xd8]),
      Buffer.alloc(0),
    ])
      expect(detectFileType(head)).toBeNull();
  });
});
