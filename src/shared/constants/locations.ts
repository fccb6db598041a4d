/**
 * The named service locations across Maryland, DC and Northern Virginia, with their real
 * coordinates (city centres).
 */
export const LOCATIONS = [
  {
    name: 'Hyattsville, MD',
    city: 'Hyattsville',
    state: 'MD',
    zip: '20781',
    latitude: 38.9559,
    longitude: -76.9455,
  },
  {
    name: 'Landover, MD',
    city: 'Landover',
    state: 'MD',
    zip: '20785',
    latitude: 38.934,
    longitude: -76.8966,
  },
  {
    name: 'Waldorf, MD',
    city: 'Waldorf',
    state: 'MD',
    zip: '20601',
    latitude: 38.6246,
    longitude: -76.9391,
  },
  {
    name: 'Washington, DC',
    city: 'Washington',
    state: 'DC',
    zip: '20001',
    latitude: 38.9072,
    longitude: -77.0369,
  },
  {
    name: 'Bowie, MD',
    city: 'Bowie',
    state: 'MD',
    zip: '20715',
    latitude: 38.9418,
    longitude: -76.7302,
  },
  {
    name: 'Laurel, MD',
    city: 'Laurel',
    state: 'MD',
    zip: '20707',
    latitude: 39.0993,
    longitude: -76.8483,
  },
  {
    name: 'Riverdale, MD',
    city: 'Riverdale',
    state: 'MD',
    zip: '20737',
    latitude: 38.9634,
    longitude: -76.9316,
  },
  {
    name: 'Mechanicsville, MD',
    city: 'Mechanicsville',
    state: 'MD',
    zip: '20659',
    latitude: 38.4429,
    longitude: -76.7436,
  },
  {
    name: 'Prince Frederick, MD',
    city: 'Prince Frederick',
    state: 'MD',
    zip: '20678',
    latitude: 38.5404,
    longitude: -76.5844,
  },
  {
    name: 'Arlington, VA',
    city: 'Arlington',
    state: 'VA',
    zip: '22201',
    latitude: 38.8816,
    longitude: -77.091,
  },
  {
    name: 'Alexandria, VA',
    city: 'Alexandria',
    state: 'VA',
    zip: '22314',
    latitude: 38.8048,
    longitude: -77.0469,
  },
  {
    name: 'Fairfax, VA',
    city: 'Fairfax',
    state: 'VA',
    zip: '22030',
    latitude: 38.8462,
    longitude: -77.3064,
  },
] as const;
export type LocationName = (typeof LOCATIONS)[number]['name'];
export const LOCATION_NAMES = LOCATIONS.map((l) => l.name) as unknown as readonly [
  LocationName,
  ...LocationName[],
];

export function findLocation(name: string) {
  return LOCATIONS.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
}

export const US_STATES = [
  { value: 'MD', label: 'Maryland' },
  { value: 'DC', label: 'Washington DC' },
  { value: 'VA', label: 'Virginia' },
] as const;
export type UsState = (typeof US_STATES)[number]['value'];

export const DIALOG_DISTANCES = [5, 10, 15, 25] as const;
export const DEFAULT_DIALOG_DISTANCE = 25;
export const LIST_DISTANCES = [5, 10, 25, 50] as const;
export const DEFAULT_SERVICE_RADIUS_MILES = 25;
