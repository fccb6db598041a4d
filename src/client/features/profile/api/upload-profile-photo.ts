import type { UploadTarget } from '@shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { putFile, uploadRequestFor } from '../../../lib/upload';

/** A new profile photo: asks for an upload address (POST /api/documents/upload), then PUTs the file there. */
export async function uploadProfilePhoto(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadTarget> {
  const target = await apiRequest<UploadTarget>(
    'POST',
    '/api/documents/upload',
    uploadRequestFor(file, 'profilePhoto'),
  );
  return putFile(target, file, onProgress);
}
