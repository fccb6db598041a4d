import type { ComponentProps } from 'react';
import { SERVICE_TYPES, type ServiceType } from '@shared/constants/service-types';
import { Select } from './ui/select';

/**
 * The service types, after an empty first choice reading `placeholder`; `only` narrows them
 * (a request to one technician offers the services they do).
 */
export function ServiceTypeSelect({
  placeholder,
  only,
  ...props
}: ComponentProps<typeof Select> & { placeholder: string; only?: readonly ServiceType[] }) {
  const types = only ? SERVICE_TYPES.filter((s) => only.includes(s)) : SERVICE_TYPES;
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {types.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </Select>
  );
}
