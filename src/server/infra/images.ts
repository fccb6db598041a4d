import sharp from 'sharp';

/** The longest edge of a stored photo and of its thumbnail, in pixels. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMBNAIL_EDGE = 320;

/**
 * What a photo may take once decoded: a 50-megapixel camera photo at 8 bits a channel, with
 * alpha. A decompression bomb (a small file of huge dimensions or deep samples, such as a 760 KB
 * PNG of 10000 x 10000 16-bit RGBA pixels: 800 MB and seconds of CPU) is refused from its header,
 * before anything is decoded.
 */
export const MAX_DECODED_BYTES = 50_000_000 * 4;
const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

// One libvips thread per image: the queue (work-queue.ts) bounds how many images are worked on
// at once, and with this each takes one core, never every core.
sharp.concurrency(1);

/**
 * Whether this build of libvips can decode HEIC (HEVC) files. The prebuilt sharp binaries
 * carry libheif with the AV1 decoder only (AVIF), for patent reasons.
 */
export const heicDecodable = (): boolean =>
  (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');

export class UnreadableImage extends Error {}
/** More pixels (times bytes per pixel) than MAX_DECODED_BYTES: refused undecoded. */
export class ImageTooLarge extends Error {}

/** Refuses (ImageTooLarge) an image over MAX_DECODED_BYTES from its header, undecoded. */
export async function assertDecodable(input: Buffer): Promise<void> {
  if ((await decodedBytes(input)) > MAX_DECODED_BYTES) throw new ImageTooLarge();
}

/** What the image would take decoded, from its header alone (nothing is decoded). */
export async function decodedBytes(input: Buffer): Promise<number> {
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
  if (!meta.width || !meta.height) throw new UnreadableImage('The image has no dimensions');
  const sample = BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 8;
  return meta.width * meta.height * (meta.channels ?? 4) * sample;
}

export type ProcessedPhoto = {
  full: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
};

/**
 * A photo as we keep it: turned upright by its EXIF orientation, at most PHOTO_MAX_EDGE on its
 * longest edge, re-encoded as JPEG, and a THUMBNAIL_EDGE thumbnail. sharp writes no metadata
 * unless asked (no `withMetadata`/`keepMetadata` here), so EXIF, GPS and XMP never reach storage.
 * An image over MAX_DECODED_BYTES is refused (ImageTooLarge) before it is decoded.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  await assertDecodable(input);
  try {
    // The pixel limit stays as a second guard (the header was read by the same library).
    const full = await sharp(input, { limitInputPixels: MAX_DECODED_BYTES, failOn: 'error' })
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(full.data)
      .resize({
        width: THUMBNAIL_EDGE,
        height: THUMBNAIL_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { full: full.data, thumbnail, width: full.info.width, height: full.info.height };
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}
