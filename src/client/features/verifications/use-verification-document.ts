import { useState } from 'react';
import { notify } from '../../lib/toast';
import { uploadDocument, uploadFailure, uploadProblem } from '../../lib/api/upload-document';
import { useUpload } from '../../lib/use-uploads';

/** The optional document of a new verification: uploaded first, then sent as its id. */
export function useVerificationDocument() {
  const [documentId, setDocumentId] = useState<number | null>(null);
  /** The file's upload while it goes (null otherwise). */
  const { upload, track } = useUpload();
  /** Why the last file could not be attached, shown under the file field. */
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setDocumentId(null);
    setError(null);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file);
    setError(problem);
    if (problem) return;
    try {
      const target = await track((reports) => uploadDocument(file, 'verification', reports));
      setDocumentId(target.documentId);
      notify({ title: 'Document Uploaded', description: `${file.name} uploaded successfully` });
    } catch (err) {
      setError(uploadFailure(err));
    }
  };

  return { documentId, upload, error, attach, reset };
}
