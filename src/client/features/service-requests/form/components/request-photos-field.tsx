import { useRef, useState } from 'react';
import { Camera, ImagePlus, X } from 'lucide-react';
import {
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_ACCEPT,
  REQUEST_PHOTO_MESSAGES,
} from '@shared/constants/request-photos';
import { LIMITS } from '@shared/constants/domain';
import { UploadProgress } from '../../../../components/upload-progress';
import { Button } from '../../../../components/ui/button';
import { uploadFailure } from '../../../../lib/api/upload-document';
import { uploadRequestPhoto } from '../api/upload-request-photo';

export type PhotoSlot = {
  key: number;
  name: string;
  progress: number;
  retrying: boolean;
  /** Set once stored: what the request sends, and the server's thumbnail. */
  token?: string;
  thumbnail?: string;
  error?: string;
};

let nextKey = 1;

/** The upload tokens of the photos that made it, in order (for the request's body). */
export const photoTokens = (slots: PhotoSlot[]) => slots.flatMap((s) => (s.token ? [s.token] : []));
export const photosUploading = (slots: PhotoSlot[]) => slots.some((s) => !s.token && !s.error);

/**
 * Up to 5 photos of the problem, from the camera or from files, each uploaded at once (so the
 * request is sent with their tokens), with a thumbnail, progress and a remove button.
 */
export function RequestPhotosField({
  slots,
  setSlots,
}: {
  slots: PhotoSlot[];
  setSlots: (update: (slots: PhotoSlot[]) => PhotoSlot[]) => void;
}) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const patch = (key: number, change: Partial<PhotoSlot>) =>
    setSlots((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const add = (files: FileList | null) => {
    const room = MAX_REQUEST_PHOTOS - slots.length;
    const chosen = [...(files ?? [])];
    setNotice(chosen.length > room ? REQUEST_PHOTO_MESSAGES.tooMany : null);
    for (const file of chosen.slice(0, Math.max(room, 0))) {
      const slot: PhotoSlot = { key: nextKey++, name: file.name, progress: 0, retrying: false };
      if (file.size > LIMITS.maxUploadBytes) slot.error = REQUEST_PHOTO_MESSAGES.tooLarge;
      setSlots((all) => [...all, slot]);
      if (slot.error) continue;
      uploadRequestPhoto(file, {
        onProgress: (progress) => patch(slot.key, { progress }),
        onRetrying: (retrying) => patch(slot.key, { retrying }),
      }).then(
        (done) => patch(slot.key, { token: done.token, thumbnail: done.thumbnail }),
        (err: unknown) => patch(slot.key, { error: uploadFailure(err), retrying: false }),
      );
    }
  };

  const input = (ref: typeof camera, capture: boolean, id: string) => (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={capture ? 'image/*' : REQUEST_PHOTO_ACCEPT}
      capture={capture ? 'environment' : undefined}
      multiple
      // Reached through the two buttons above (their click opens it): not a control of its own.
      hidden
      onChange={(e) => {
        add(e.target.files);
        e.target.value = '';
      }}
    />
  );
  const full = slots.length >= MAX_REQUEST_PHOTOS;

  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">Photos of the problem (optional, up to 5)</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={full}
          onClick={() => camera.current?.click()}
        >
          <Camera className="mr-2 h-4 w-4" aria-hidden /> Take photo
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={full}
          onClick={() => picker.current?.click()}
        >
          <ImagePlus className="mr-2 h-4 w-4" aria-hidden /> Choose photos
        </Button>
        {input(camera, true, 'rs-photos-camera')}
        {input(picker, false, 'rs-photos')}
      </div>
      {notice && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {notice}
        </p>
      )}
      {slots.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Attached photos">
          {slots.map((s) => (
            <li key={s.key} className="relative w-28">
              <div className="flex h-28 w-28 items-center justify-center overflow-hidden rounded border bg-muted">
                {s.thumbnail ? (
                  <img
                    src={s.thumbnail}
                    alt={`Photo ${s.name}`}
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <span className="px-1 text-center text-xs text-muted-foreground">{s.name}</span>
                )}
              </div>
              <button
                type="button"
                aria-label={`Remove photo ${s.name}`}
                className="absolute right-1 top-1 rounded-full bg-background/90 p-1 shadow"
                onClick={() => setSlots((all) => all.filter((x) => x.key !== s.key))}
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
              {!s.token && !s.error && (
                <UploadProgress
                  value={s.progress}
                  retrying={s.retrying}
                  label={`Upload of ${s.name}`}
                  className="mt-1"
                />
              )}
              {s.error && (
                <p role="alert" className="mt-1 text-xs text-destructive">
                  {s.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
