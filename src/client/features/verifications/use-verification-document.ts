import { useState } from 'react';
import { notify } from '../../lib/toast';
import { uploadDocument, uploadFailure, uploadProblem } from '../../lib/api/upload-document';

/** The optional document of a new verification: uploaded first, then sent as its id. */
export function useVerificationDocument() {
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** Why the last file could not be attached, shown under the file field. */
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setDocumentId(null);
    setProgress(null);
    setError(null);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const target = await uploadDocument(file, 'verification', setProgress);
      setDocumentId(target.documentId);
      notify({ title: 'Document Uploaded', description: `${file.name} uploaded successfully` });
    } catch (err) {
      setError(uploadFailure(err));
    } finally {
      setProgress(null);
    }
  };

  return { documentId, progress, error, attach, reset };
}
