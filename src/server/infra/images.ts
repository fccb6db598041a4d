import sharp from 'sharp';

/** The longest edge of a stored photo and of its thumbnail, in pixels. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMBNAIL_EDGE = 320;

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Whether this build of libvips can decode HEIC (HEVC) files. The prebuilt sharp binaries
 * carry libheif with the AV1 decoder only (AVIF), for patent reasons.
 */
export const heicDecodable = (): boolean =>
  (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');

export class UnreadableImage extends Error {}

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
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  try {
    const full = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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
