import { useState } from 'react';
import { LIMITS } from '@shared/constants/domain';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { uploadDocument } from '../../lib/upload';

/** The optional document of a new verification: uploaded first, then sent as its id. */
export function useVerificationDocument() {
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const reset = () => {
    setDocumentId(null);
    setProgress(null);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LIMITS.maxUploadBytes) {
      notify({
        title: 'Error',
        description: 'The file is larger than 10 MB.',
        variant: 'destructive',
      });
      return;
    }
    setProgress(0);
    try {
      const target = await uploadDocument(file, 'verification', setProgress);
      setDocumentId(target.documentId);
      notify({ title: 'Document Uploaded', description: `${file.name} uploaded successfully` });
    } catch (err) {
      notify({
        title: 'Error',
        description: errorMessage(err, 'The document could not be uploaded.'),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };

  return { documentId, progress, attach, reset };
}
