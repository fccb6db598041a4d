import { APPLICATION_DOCUMENT_SLOTS } from '@shared/schemas/applications';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ApplicationFormState } from '../use-application-form';
import { DocumentSlot } from './document-slot';

export function DocumentsCard({
  uploads,
  uploadErrors,
  uploading,
  generation,
  upload,
}: Pick<ApplicationFormState, 'uploads' | 'uploadErrors' | 'uploading' | 'generation' | 'upload'>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Required Documentation</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {APPLICATION_DOCUMENT_SLOTS.map((slot) => (
          <DocumentSlot
            key={`${slot.field}-${generation}`}
            slot={slot}
            uploaded={!!uploads[slot.field]}
            upload={uploading[slot.field]}
            error={uploadErrors[slot.field]}
            onFile={(file) => void upload(slot, file)}
          />
        ))}
        <p className="text-xs text-slate-500">
          PDF, PNG, JPEG, WebP or HEIC, one file each, up to 10 MB.
        </p>
      </CardContent>
    </Card>
  );
}
