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

/** Uploaded through the documents flow and saved at once; shown on the public profile. */
export function ProfilePhoto({ profile, disabled }: { profile: OwnProfile; disabled: boolean }) {
  const update = useUpdateProfile();
  const [progress, setProgress] = useState<number | null>(null);
  // Why the last upload or removal failed, under the file field.
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(uploadFailure(err));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file, IMAGE_TYPES, IMAGE_TYPE_MESSAGE);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const { documentId } = await uploadDocument(file, 'profilePhoto', setProgress);
      await update.mutateAsync({ profilePhotoDocumentId: documentId });
      notify({ title: 'Photo Updated', description: 'Your profile photo has been saved.' });
    } catch (err) {
      fail(err);
    } finally {
      setProgress(null);
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
            disabled={disabled || progress !== null}
            {...invalidProps('p-photo', error ?? undefined)}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null && <UploadProgress value={progress} />}
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
