/**
 * What a VIN's first characters say (ISO 3780 world manufacturer identifiers, SAE J272): the
 * countries by the ranges of the first two characters, and the makes of common WMIs. The WMI
 * list holds the makes a mobile mechanic in North America meets; a WMI not in it decodes with
 * its country and no make.
 */

/** The order ISO 3780 counts second characters in: A to Z without I, O and Q, then 1 to 9, 0. */
const ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

type Range = readonly [first: string, from: string, to: string, country: string];

/** The first character's region. */
export const REGIONS: Record<string, string> = Object.fromEntries([
  ...'ABCDEFGH'.split('').map((c) => [c, 'Africa']),
  ...'JKLMNPR'.split('').map((c) => [c, 'Asia']),
  ...'STUVWXYZ'.split('').map((c) => [c, 'Europe']),
  ...'12345'.split('').map((c) => [c, 'North America']),
  ...'67'.split('').map((c) => [c, 'Oceania']),
  ...'89'.split('').map((c) => [c, 'South America']),
]);

const RANGES: Range[] = [
  ['A', 'A', 'H', 'South Africa'],
  ['A', 'J', 'N', 'Ivory Coast'],
  ['B', 'A', 'E', 'Angola'],
  ['B', 'F', 'K', 'Kenya'],
  ['B', 'L', 'R', 'Tanzania'],
  ['C', 'A', 'E', 'Benin'],
  ['C', 'F', 'K', 'Madagascar'],
  ['C', 'L', 'R', 'Tunisia'],
  ['D', 'A', 'E', 'Egypt'],
  ['D', 'F', 'K', 'Morocco'],
  ['D', 'L', 'R', 'Zambia'],
  ['E', 'A', 'E', 'Ethiopia'],
  ['E', 'F', 'K', 'Mozambique'],
  ['F', 'A', 'E', 'Ghana'],
  ['F', 'F', 'K', 'Nigeria'],
  ['J', 'A', '0', 'Japan'],
  ['K', 'A', 'E', 'Sri Lanka'],
  ['K', 'F', 'K', 'Israel'],
  ['K', 'L', 'R', 'South Korea'],
  ['K', 'S', '0', 'Kazakhstan'],
  ['L', 'A', '0', 'China'],
  ['M', 'A', 'E', 'India'],
  ['M', 'F', 'K', 'Indonesia'],
  ['M', 'L', 'R', 'Thailand'],
  ['M', 'S', '0', 'Myanmar'],
  ['N', 'A', 'E', 'Iran'],
  ['N', 'F', 'K', 'Pakistan'],
  ['N', 'L', 'R', 'Turkey'],
  ['P', 'A', 'E', 'Philippines'],
  ['P', 'F', 'K', 'Singapore'],
  ['P', 'L', 'R', 'Malaysia'],
  ['R', 'A', 'E', 'United Arab Emirates'],
  ['R', 'F', 'K', 'Taiwan'],
  ['R', 'L', 'R', 'Vietnam'],
  ['R', 'S', '0', 'Saudi Arabia'],
  ['S', 'A', 'M', 'United Kingdom'],
  ['S', 'N', 'T', 'Germany'],
  ['S', 'U', 'Z', 'Poland'],
  ['S', '1', '4', 'Latvia'],
  ['T', 'A', 'H', 'Switzerland'],
  ['T', 'J', 'P', 'Czech Republic'],
  ['T', 'R', 'V', 'Hungary'],
  ['T', 'W', '1', 'Portugal'],
  ['U', 'H', 'M', 'Denmark'],
  ['U', 'N', 'T', 'Ireland'],
  ['U', 'U', 'Z', 'Romania'],
  ['U', '5', '7', 'Slovakia'],
  ['V', 'A', 'E', 'Austria'],
  ['V', 'F', 'R', 'France'],
  ['V', 'S', 'W', 'Spain'],
  ['V', 'X', '2', 'Serbia'],
  ['V', '3', '5', 'Croatia'],
  ['V', '6', '0', 'Estonia'],
  ['W', 'A', '0', 'Germany'],
  ['X', 'A', 'E', 'Bulgaria'],
  ['X', 'F', 'K', 'Greece'],
  ['X', 'L', 'R', 'Netherlands'],
  ['X', 'S', 'W', 'Russia'],
  ['X', 'X', '2', 'Luxembourg'],
  ['X', '3', '0', 'Russia'],
  ['Y', 'A', 'E', 'Belgium'],
  ['Y', 'F', 'K', 'Finland'],
  ['Y', 'L', 'R', 'Malta'],
  ['Y', 'S', 'W', 'Sweden'],
  ['Y', 'X', '2', 'Norway'],
  ['Y', '3', '5', 'Belarus'],
  ['Y', '6', '0', 'Ukraine'],
  ['Z', 'A', 'R', 'Italy'],
  ['Z', 'X', '2', 'Slovenia'],
  ['Z', '3', '5', 'Lithuania'],
  ['1', 'A', '0', 'United States'],
  ['4', 'A', '0', 'United States'],
  ['5', 'A', '0', 'United States'],
  ['2', 'A', '0', 'Canada'],
  ['3', 'A', 'W', 'Mexico'],
  ['3', 'X', '7', 'Costa Rica'],
  ['3', '8', '0', 'Cayman Islands'],
  ['6', 'A', 'W', 'Australia'],
  ['7', 'A', 'E', 'New Zealand'],
  ['8', 'A', 'E', 'Argentina'],
  ['8', 'F', 'K', 'Chile'],
  ['8', 'L', 'R', 'Ecuador'],
  ['8', 'S', 'W', 'Peru'],
  ['8', 'X', '2', 'Venezuela'],
  ['9', 'A', 'E', 'Brazil'],
  ['9', 'F', 'K', 'Colombia'],
  ['9', 'L', 'R', 'Paraguay'],
  ['9', 'S', 'W', 'Uruguay'],
  ['9', 'X', '2', 'Trinidad and Tobago'],
  ['9', '3', '9', 'Brazil'],
];

/** The country the first two characters are assigned to, or null for an unassigned range. */
export function countryOf(vin: string): string | null {
  const at = ORDER.indexOf(vin[1]!);
  const range = RANGES.find(
    ([first, from, to]) => first === vin[0] && at >= ORDER.indexOf(from) && at <= ORDER.indexOf(to),
  );
  return range?.[3] ?? null;
}

/** Makes by full WMI (three characters). */
const WMI3: Record<string, string> = {
  '1B3': 'Dodge', '1C3': 'Chrysler', '1C4': 'Jeep', '1C6': 'Ram', '1D7': 'Dodge',
  '1FA': 'Ford', '1FB': 'Ford', '1FC': 'Ford', '1FD': 'Ford', '1FM': 'Ford', '1FT': 'Ford',
  '1FU': 'Freightliner', '1FV': 'Freightliner', '1G1': 'Chevrolet', '1G2': 'Pontiac',
  '1G4': 'Buick', '1G6': 'Cadillac', '1GC': 'Chevrolet', '1GN': 'Chevrolet', '1GT': 'GMC',
  '1GK': 'GMC', '1GY': 'Cadillac', '1HG': 'Honda', '1HD': 'Harley-Davidson',
  '1J4': 'Jeep', '1J8': 'Jeep', '1LN': 'Lincoln', '1ME': 'Mercury', '1N4': 'Nissan',
  '1N6': 'Nissan', '1NX': 'Toyota', '1VW': 'Volkswagen', '1YV': 'Mazda', '1ZV': 'Ford',
  '19U': 'Acura', '19X': 'Honda', '2C3': 'Chrysler', '2C4': 'Chrysler', '2D3': 'Dodge',
  '2FA': 'Ford', '2FM': 'Ford', '2FT': 'Ford', '2G1': 'Chevrolet', '2G2': 'Pontiac',
  '2G4': 'Buick', '2GC': 'Chevrolet', '2GT': 'GMC', '2HG': 'Honda', '2HK': 'Honda',
  '2HM': 'Hyundai', '2T1': 'Toyota', '2T2': 'Lexus', '2T3': 'Toyota', '3C4': 'Chrysler',
  '3C6': 'Ram', '3D7': 'Dodge', '3FA': 'Ford', '3G1': 'Chevrolet', '3GN': 'Chevrolet',
  '3GC': 'Chevrolet', '3HG': 'Honda', '3KP': 'Kia', '3N1': 'Nissan', '3N6': 'Nissan',
  '3VW': 'Volkswagen', '4F2': 'Mazda', '4JG': 'Mercedes-Benz', '4S3': 'Subaru',
  '4S4': 'Subaru', '4T1': 'Toyota', '4T3': 'Toyota', '4T4': 'Toyota', '4US': 'BMW',
  '5FN': 'Honda', '5J6': 'Honda', '5J8': 'Acura', '5LM': 'Lincoln', '5N1': 'Nissan',
  '5NP': 'Hyundai', '5NM': 'Hyundai', '5TD': 'Toyota', '5TF': 'Toyota', '5UX': 'BMW',
  '5XY': 'Kia', '5YJ': 'Tesla', '7SA': 'Tesla', 'JA3': 'Mitsubishi', 'JA4': 'Mitsubishi',
  'JF1': 'Subaru', 'JF2': 'Subaru', 'JH4': 'Acura', 'JHM': 'Honda', 'JHL': 'Honda',
  'JM1': 'Mazda', 'JM3': 'Mazda', 'JN1': 'Nissan', 'JN8': 'Nissan', 'JT2': 'Toyota',
  'JT3': 'Toyota', 'JT4': 'Toyota', 'JTD': 'Toyota', 'JTE': 'Toyota', 'JTH': 'Lexus',
  'JTJ': 'Lexus', 'JTK': 'Toyota', 'JTM': 'Toyota', 'JTN': 'Toyota', 'KL1': 'Chevrolet',
  'KM8': 'Hyundai', 'KMH': 'Hyundai', 'KNA': 'Kia', 'KND': 'Kia', 'KNM': 'Renault Samsung',
  'LRW': 'Tesla', 'MAJ': 'Ford', 'NM0': 'Ford', 'SAJ': 'Jaguar', 'SAL': 'Land Rover',
  'SCC': 'Lotus', 'SHH': 'Honda', 'SHS': 'Honda', 'TMB': 'Škoda', 'TRU': 'Audi',
  'VF1': 'Renault', 'VF3': 'Peugeot', 'VF7': 'Citroën', 'WA1': 'Audi', 'WAU': 'Audi',
  'WBA': 'BMW', 'WBS': 'BMW M', 'WBX': 'BMW', 'WDB': 'Mercedes-Benz', 'WDC': 'Mercedes-Benz',
  'WDD': 'Mercedes-Benz', 'WMW': 'MINI', 'WP0': 'Porsche', 'WP1': 'Porsche',
  'WVW': 'Volkswagen', 'WVG': 'Volkswagen', 'WV1': 'Volkswagen', 'WV2': 'Volkswagen',
  'W1K': 'Mercedes-Benz', 'W1N': 'Mercedes-Benz', 'YV1': 'Volvo', 'YV4': 'Volvo',
  'ZAM': 'Maserati', 'ZAR': 'Alfa Romeo', 'ZFA': 'Fiat', 'ZFF': 'Ferrari', 'ZHW': 'Lamborghini',
}; // prettier-ignore

/** The make of a WMI the table holds, or null. */
export const manufacturerOf = (wmi: string): string | null => WMI3[wmi] ?? null;
