import { Check, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import type { Slot } from '../use-application-form';
import { UploadProgress } from '../../../components/upload-progress';
import type { UploadState } from '../../../lib/use-uploads';

export function DocumentSlot({
  slot,
  uploaded,
  upload,
  error,
  onFile,
}: {
  slot: Slot;
  uploaded: boolean;
  /** The slot's upload while it goes. */
  upload: UploadState | undefined;
  /** Why the last upload failed. */
  error?: string;
  onFile: (file: File | undefined) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `join-doc-${slot.field}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div>
        <p className="font-medium">
          {slot.label} {slot.required && '*'}
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-destructive">
            {error}
          </p>
        )}
        {upload && (
          <UploadProgress
            value={upload.progress}
            retrying={upload.retrying}
            label={`${slot.label} upload progress`}
            className="mt-2 w-48"
          />
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        aria-label={`${slot.label} file`}
        accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic"
        className="hidden"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {uploaded ? (
        <Button type="button" variant="outline" disabled>
          <Check className="mr-2 h-4 w-4 text-green-600" aria-hidden="true" />
          Uploaded
        </Button>
      ) : (
        <Button
          type="button"
          variant="outline"
          disabled={upload !== undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onClick={() => inputRef.current?.click()}
        >
          <Upload className="mr-2 h-4 w-4" aria-hidden="true" />
          {upload ? `Uploading ${upload.progress}%` : `Upload ${slot.label}`}
        </Button>
      )}
    </div>
  );
}
