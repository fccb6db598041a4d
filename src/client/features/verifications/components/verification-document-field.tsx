import { Upload } from 'lucide-react';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { invalidProps } from '../../../lib/form-errors';
import type { useVerificationDocument } from '../use-verification-document';
import { UploadProgress } from '../../../components/upload-progress';

export function VerificationDocumentField({
  documentId,
  upload,
  error,
  attach,
}: ReturnType<typeof useVerificationDocument>) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor="ver-document">Document (optional)</Label>
      {documentId ? (
        <p className="text-sm text-green-700">Document attached.</p>
      ) : (
        <div className="flex items-center gap-2">
          <Upload className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <Input
            id="ver-document"
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic"
            disabled={upload !== null}
            {...invalidProps('ver-document', error ?? undefined)}
            onChange={(e) => {
              void attach(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      )}
      <FieldError id="ver-document-error" message={error ?? undefined} />
      {upload && <UploadProgress value={upload.progress} retrying={upload.retrying} />}
    </div>
  );
}
