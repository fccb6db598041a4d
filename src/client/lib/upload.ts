import type { DocumentKind } from '@shared/constants/domain';
import type { UploadTarget } from '@shared/schemas/documents';
import { apiRequest, ApiError } from './api-client';

/**
 * The documents upload flow: ask the server for a signed address (POST /api/documents/upload),
 * then one direct PUT of the file there, reporting progress (0 to 100).
 */
export async function uploadDocument(
  file: File,
  options: { kind?: DocumentKind; onProgress?: (percent: number) => void } = {},
): Promise<UploadTarget> {
  const target = await apiRequest<UploadTarget>('POST', '/api/documents/upload', {
    kind: options.kind,
    fileName: file.name,
    contentType: file.type || undefined,
    size: file.size,
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.uploadURL);
    if (file.type) xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve();
      } else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Please check your connection.'));
    xhr.send(file);
  });
  return target;
}
