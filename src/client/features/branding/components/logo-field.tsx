import { useState } from 'react';
import { LOGO_MAX_PIXELS } from '@shared/branding';
import type { OwnBranding } from '@shared/schemas/branding';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { invalidProps } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { uploadDocument, uploadFailure } from '../../../lib/api/upload-document';
import { useUpdateBranding } from '../api/update-branding';
import { resizeLogo } from '../resize-logo';
import { UploadProgress } from '../../../components/upload-progress';
import { useUpload } from '../../../lib/use-uploads';

/** The logo: resized in the browser, uploaded through the documents flow and saved at once. */
export function LogoField({ saved }: { saved: OwnBranding }) {
  const update = useUpdateBranding();
  const { upload, track } = useUpload();
  // Why the last upload or removal failed, under the file field.
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(uploadFailure(err));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await track(async (reports) => {
        const { documentId } = await uploadDocument(
          await resizeLogo(file),
          'brandingLogo',
          reports,
        );
        await update.mutateAsync({ logoDocumentId: documentId });
      });
      notify({ title: 'Logo Updated', description: 'Your logo has been saved.' });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor="b-logo">Logo</Label>
      <div className="flex items-center gap-4">
        {saved.logoUrl ? (
          <img
            src={saved.logoUrl}
            alt="Your logo"
            className="h-16 w-16 rounded border object-contain"
          />
        ) : (
          <div className="flex h-16 w-16 items-center justify-center rounded border bg-muted text-xs text-muted-foreground">
            No logo
          </div>
        )}
        <div className="space-y-2">
          <Input
            id="b-logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={upload !== null}
            {...invalidProps('b-logo', error ?? undefined)}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {upload && (
            <UploadProgress
              value={upload.progress}
              retrying={upload.retrying}
              label="Logo upload"
            />
          )}
          {saved.logoUrl && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() => {
                setError(null);
                update.mutate({ logoDocumentId: null }, { onError: fail });
              }}
            >
              Remove Logo
            </Button>
          )}
          <FieldError id="b-logo-error" message={error ?? undefined} />
          <p className="text-xs text-muted-foreground">
            PNG, JPEG or WebP; resized to at most {LOGO_MAX_PIXELS} px before upload.
          </p>
        </div>
      </div>
    </div>
  );
}
