import zipcodes from 'zipcodes';
import { findLocation, LOCATIONS } from '@shared/constants/locations';
import { distanceMiles, type Point } from '@shared/geo';
import { AppError } from '../infra/app-error';

/**
 * Places customers type (ADR 018): one of the named towns, a US ZIP code, an address holding
 * a ZIP ('12 Elm St, Bethesda, MD 20814') or a 'City, ST'; and the nearest ZIP code to a point
 * ('Use my location'). Everything comes from the `zipcodes` package's data, in memory.
 */
export type Place = Point & {
  /** How the place reads: the named town, or 'City, ST 12345' for a ZIP code. */
  label: string;
  zip?: string;
  /** One of the named towns (label is its name). */
  named?: boolean;
};

export type ZipPlace = { zip: string; city: string; state: string } & Point;

const ZIP_IN_TEXT = /\b(\d{5})(?:-\d{4})?\b/g;
const CITY_STATE = /^\s*([A-Za-z][A-Za-z .'-]*?)\s*,\s*([A-Za-z]{2})\s*$/;

export const unknownZip = (zip: string) => `Unknown ZIP code: ${zip}`;
export const unknownPlace = (text: string) =>
  `Unknown place: ${text}. Enter a 5-digit ZIP code, an address with its ZIP code, or a town such as Bowie, MD`;

/** A US ZIP code's place, or undefined (Canadian postal codes in the package are not ZIPs). */
export function lookupZip(zip: string): ZipPlace | undefined {
  const z = zipcodes.lookup(zip.slice(0, 5));
  if (!z || z.country !== 'US') return undefined;
  return { zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude };
}

const zipLabel = (z: ZipPlace) => `${z.city}, ${z.state} ${z.zip}`;

/**
 * Resolves free text to a place: a named town (also by its city alone), else the last 5-digit
 * number in the text as a ZIP code (house numbers come first in an address), else 'City, ST'.
 * Throws a 400: 'Unknown ZIP code: 99999' when the text holds a ZIP that does not exist,
 * otherwise `unknownPlace`.
 */
export function parsePlace(text: string): Place {
  const t = text.trim();
  const named = findLocation(t) ?? LOCATIONS.find((l) => l.city.toLowerCase() === t.toLowerCase());
  if (named)
    return {
      label: named.name,
      named: true,
      latitude: named.latitude,
      longitude: named.longitude,
    };
  const zips = [...t.matchAll(ZIP_IN_TEXT)].map((m) => m[1]!);
  const zip = zips.at(-1);
  if (zip) {
    const z = lookupZip(zip);
    if (!z) throw new AppError(400, unknownZip(zip));
    return { label: zipLabel(z), zip: z.zip, latitude: z.latitude, longitude: z.longitude };
  }
  const cs = CITY_STATE.exec(t);
  if (cs) {
    const found = zipcodes
      .lookupByName(cs[1]!, cs[2]!.toUpperCase())
      .filter((z) => z.country === 'US')
      .sort((a, b) => a.zip.localeCompare(b.zip))[0];
    if (found)
      return {
        label: `${found.city}, ${found.state}`,
        latitude: found.latitude,
        longitude: found.longitude,
      };
  }
  throw new AppError(400, unknownPlace(t));
}

/**
 * The ZIP code a place's text resolves to (parsePlace's rules): a named town's, the ZIP typed,
 * or the first ZIP of a 'City, ST'. Throws parsePlace's 400s.
 */
export function placeZip(text: string): ZipPlace {
  const t = text.trim();
  const named = findLocation(t) ?? LOCATIONS.find((l) => l.city.toLowerCase() === t.toLowerCase());
  const zip =
    named?.zip ??
    [...t.matchAll(ZIP_IN_TEXT)].map((m) => m[1]!).at(-1) ??
    (() => {
      const cs = CITY_STATE.exec(t);
      return cs
        ? zipcodes
            .lookupByName(cs[1]!, cs[2]!.toUpperCase())
            .filter((z) => z.country === 'US')
            .sort((a, b) => a.zip.localeCompare(b.zip))[0]?.zip
        : undefined;
    })();
  if (!zip) throw new AppError(400, unknownPlace(t));
  const z = lookupZip(zip);
  if (!z) throw new AppError(400, unknownZip(zip));
  return z;
}

/**
 * The area of a request's location, for those who may not know where the customer is: the
 * town (or 'City, ST ZIP') a typed street address resolves to; a named town or a bare ZIP code
 * is its own area. Never the text itself when it could be an address (ADR 027).
 */
export function areaOf(location: string): string {
  try {
    return parsePlace(location).label;
  } catch {
    return 'Area not given';
  }
}

/** Grid cells of this many degrees; a query looks at the rings of cells around its own. */
const CELL_DEG = 0.5;
/** 'Use my location' answers only within this many miles of a US ZIP code. */
export const NEAREST_ZIP_MAX_MILES = 50;

type Grid = { cells: Map<number, ZipPlace[]> };
let grid: Grid | undefined;
const cellKey = (row: number, col: number) => row * 1000 + col;
const rowOf = (lat: number) => Math.floor((lat + 90) / CELL_DEG);
const colOf = (lng: number) => Math.floor((lng + 180) / CELL_DEG);

/** Military post offices (APO/FPO) abroad: ZIP codes, but no place to send a mechanic to. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

/** Built once, on first use: every US ZIP code in a CELL_DEG-degree grid (~40k entries). */
function zipGrid(): Grid {
  if (grid) return grid;
  const cells = new Map<number, ZipPlace[]>();
  for (const z of Object.values(zipcodes.codes)) {
    if (z.country !== 'US' || !/^\d{5}$/.test(z.zip) || MILITARY_STATES.has(z.state)) continue;
    const key = cellKey(rowOf(z.latitude), colOf(z.longitude));
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = []));
    cell.push({
      zip: z.zip,
      city: z.city,
      state: z.state,
      latitude: z.latitude,
      longitude: z.longitude,
    });
  }
  return (grid = { cells });
}

/**
 * The US ZIP code nearest to a point, within NEAREST_ZIP_MAX_MILES; undefined when none is.
 * Looks at the point's cell and the rings around it until the ring is farther than the best
 * hit (or the limit).
 */
export function nearestZip(p: Point): (ZipPlace & { distanceMiles: number }) | undefined {
  const { cells } = zipGrid();
  const row = rowOf(p.latitude);
  const col = colOf(p.longitude);
  const totalCols = Math.round(360 / CELL_DEG);
  // Miles per cell: a degree of latitude is ~69 miles; longitude shrinks with the latitude.
  const cos = Math.max(Math.cos((p.latitude * Math.PI) / 180), 0.01);
  const cellMiles = CELL_DEG * 69 * Math.min(1, cos);
  let best: ZipPlace | undefined;
  let bestMiles = Infinity;
  const maxRing = Math.ceil(NEAREST_ZIP_MAX_MILES / cellMiles) + 1;
  for (let ring = 0; ring <= maxRing; ring++) {
    // Every point of ring r is at least (r - 1) cells away.
    if ((ring - 1) * cellMiles > Math.min(bestMiles, NEAREST_ZIP_MAX_MILES)) break;
    for (let dr = -ring; dr <= ring; dr++) {
      for (let dc = -ring; dc <= ring; dc++) {
        if (Math.max(Math.abs(dr), Math.abs(dc)) !== ring) continue;
        const c = (((col + dc) % totalCols) + totalCols) % totalCols;
        const cell = cells.get(cellKey(row + dr, c));
        if (!cell) continue;
        for (const z of cell) {
          const d = distanceMiles(p, z);
          if (d < bestMiles) {
            bestMiles = d;
            best = z;
          }
        }
      }
    }
  }
  if (!best || bestMiles > NEAREST_ZIP_MAX_MILES) return undefined;
  return { ...best, distanceMiles: bestMiles };
}
