import type { RequestPhoto } from '@shared/schemas/request-photos';

/**
 * The customer's photos of the problem as thumbnails, each opening the full photo in a new tab.
 * Their addresses carry whatever proof this viewer needs (the server builds them).
 */
export function RequestPhotos({ photos }: { photos: RequestPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos of the problem">
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={p.thumbnailUrl}
              alt={`Photo ${i + 1} of the problem`}
              loading="lazy"
              className="h-24 w-24 rounded border object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
