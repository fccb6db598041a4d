import type { UploadTarget } from '@shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { putFile, uploadRequestFor } from '../../../lib/upload';

/** A new logo (already resized): an upload address (POST /api/documents/upload), then the PUT. */
export async function uploadLogo(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadTarget> {
  const target = await apiRequest<UploadTarget>(
    'POST',
    '/api/documents/upload',
    uploadRequestFor(file, 'brandingLogo'),
  );
  return putFile(target, file, onProgress);
}
