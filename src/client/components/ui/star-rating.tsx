import { Star, StarHalf } from 'lucide-react';

/** Full stars, plus a half star when the fraction is at least .5. */
export function StarRating({ rating, size = 16 }: { rating: number; size?: number }) {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return (
    <span
      className="inline-flex items-center"
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {Array.from({ length: full }, (_, i) => (
        <Star
          key={i}
          width={size}
          height={size}
          className="fill-amber-400 text-amber-400"
          aria-hidden="true"
        />
      ))}
      {half && (
        <StarHalf
          width={size}
          height={size}
          className="fill-amber-400 text-amber-400"
          aria-hidden="true"
          data-half-star=""
        />
      )}
    </span>
  );
}
