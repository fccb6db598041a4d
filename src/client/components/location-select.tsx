import type { ComponentProps } from 'react';
import { LOCATION_NAMES } from '@shared/constants/locations';
import { Select } from './ui/select';

/** The named service locations, after an empty first choice reading `placeholder`. */
export function LocationSelect({
  placeholder,
  ...props
}: ComponentProps<typeof Select> & { placeholder: string }) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {LOCATION_NAMES.map((l) => (
        <option key={l} value={l}>
          {l}
        </option>
      ))}
    </Select>
  );
}
