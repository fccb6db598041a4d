import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from '@shared/branding';

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * The logo drawn again at most LOGO_MAX_PIXELS a side (never enlarged): WebP where the browser
 * can write it (keeps transparency), else PNG; JPEG when that is still over the server's limit.
 */
export async function resizeLogo(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('This file is not an image this browser can read');
  });
  const scale = Math.min(1, LOGO_MAX_PIXELS / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let blob = await toBlob(canvas, 'image/webp', 0.9);
  if (!blob || blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/png');
  if (!blob || blob.size > LOGO_MAX_BYTES) blob = await toBlob(canvas, 'image/jpeg', 0.85);
  if (!blob) throw new Error('The logo could not be prepared');
  const ext = blob.type.split('/')[1] ?? 'png';
  return new File([blob], `logo.${ext === 'jpeg' ? 'jpg' : ext}`, { type: blob.type });
}
