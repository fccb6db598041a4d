import { LocateFixed } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { LOCATION_NAMES } from '@shared/constants/locations';
import { LocateError, locateMe } from '../lib/places';
import { Button } from './ui/button';
import { Input } from './ui/input';

/**
 * A place typed as a ZIP code, an address with its ZIP code or a town, with the named towns as
 * suggestions, and 'Use my location' (browser geolocation, reversed to the nearest ZIP code by
 * the server). `onLocated` gets the ZIP code once found (e.g. to search at once). SSR-safe: the
 * browser is touched only when the button is pressed.
 */
export function PlaceField({
  id,
  value,
  onValueChange,
  onLocated,
  className,
  ...input
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  onLocated?: (zip: string) => void;
}) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const listId = `${id}-towns`;
  const problemId = `${id}-locate-problem`;

  const locate = async () => {
    setProblem(null);
    setLocating(true);
    try {
      const { zip } = await locateMe();
      onValueChange(zip);
      onLocated?.(zip);
    } catch (err) {
      setProblem(err instanceof LocateError ? err.message : 'We could not find your location.');
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className={className}>
      <div className="flex gap-2">
        <Input
          id={id}
          list={listId}
          autoComplete="off"
          placeholder="ZIP code, address or town"
          maxLength={200}
          {...input}
          value={value}
          aria-describedby={problem ? problemId : input['aria-describedby']}
          onChange={(e) => {
            setProblem(null);
            onValueChange(e.target.value);
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          onClick={() => void locate()}
          disabled={locating}
          aria-label="Use my location"
          title="Use my location"
        >
          <LocateFixed aria-hidden="true" />
          <span className="hidden sm:inline">{locating ? 'Locating…' : 'Use my location'}</span>
        </Button>
      </div>
      <datalist id={listId}>
        {LOCATION_NAMES.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
