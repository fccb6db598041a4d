import type { ComponentProps } from 'react';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import { Select } from './ui/select';

/** The service types, after an empty first choice reading `placeholder`. */
export function ServiceTypeSelect({
  placeholder,
  ...props
}: ComponentProps<typeof Select> & { placeholder: string }) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {SERVICE_TYPES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </Select>
  );
}
