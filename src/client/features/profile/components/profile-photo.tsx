import { useState } from 'react';
import type { OwnProfile } from '@shared/schemas/profile';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { invalidProps } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import {
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES,
  uploadDocument,
  uploadFailure,
  uploadProblem,
} from '../../../lib/api/upload-document';
import { useUpdateProfile } from '../api/update-profile';
import { UploadProgress } from '../../../components/upload-progress';
import { useUpload } from '../../../lib/use-uploads';

/** Uploaded through the documents flow and saved at once; shown on the public profile. */
export function ProfilePhoto({ profile, disabled }: { profile: OwnProfile; disabled: boolean }) {
  const update = useUpdateProfile();
  const { upload, track } = useUpload();
  // Why the last upload or removal failed, under the file field.
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(uploadFailure(err));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file, IMAGE_TYPES, IMAGE_TYPE_MESSAGE);
    setError(problem);
    if (problem) return;
    try {
      await track(async (reports) => {
        const { documentId } = await uploadDocument(file, 'profilePhoto', reports);
        await update.mutateAsync({ profilePhotoDocumentId: documentId });
      });
      notify({ title: 'Photo Updated', description: 'Your profile photo has been saved.' });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor="p-photo">Profile Photo</Label>
      <div className="flex items-center gap-4">
        <Avatar
          name={`${profile.firstName} ${profile.lastName}`}
          src={profile.profileImage}
          size="lg"
        />
        <div className="space-y-2">
          <Input
            id="p-photo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={disabled || upload !== null}
            {...invalidProps('p-photo', error ?? undefined)}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {upload && <UploadProgress value={upload.progress} retrying={upload.retrying} />}
          {profile.profileImage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled || update.isPending}
              onClick={() => {
                setError(null);
                update.mutate({ profilePhotoDocumentId: null }, { onError: fail });
              }}
            >
              Remove Photo
            </Button>
          )}
          <FieldError id="p-photo-error" message={error ?? undefined} />
          <p className="text-xs text-muted-foreground">PNG, JPEG or WebP, up to 10 MB.</p>
        </div>
      </div>
    </div>
  );
}
