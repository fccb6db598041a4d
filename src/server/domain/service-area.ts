import {
  jurisdictionOfZip,
  notServedMessage,
  type Jurisdiction,
} from '@shared/constants/service-area';
import { AppError } from '../infra/app-error';
import { placeZip } from './places';

/**
 * Where Wrenchly serves (src/shared/constants/service-area.ts): a place as typed (ZIP, town or
 * address) is in the area when its ZIP code is, and its sales tax jurisdiction is the area's
 * part it lies in. A place outside answers 400 with the area named; an unknown one parsePlace's 400.
 */
export function jurisdictionOfPlace(location: string): {
  jurisdiction: Jurisdiction;
  place: string;
} {
  const z = placeZip(location);
  const jurisdiction = jurisdictionOfZip(z.zip, z.state);
  if (!jurisdiction) throw new AppError(400, notServedMessage(`${z.city}, ${z.state}`));
  return { jurisdiction, place: `${z.city}, ${z.state} ${z.zip}` };
}

/** Refuses (400, the area named) a place outside the service area. */
export const assertServed = (location: string) => void jurisdictionOfPlace(location);
