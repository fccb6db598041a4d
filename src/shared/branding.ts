/**
 * Custom branding ('Custom branding' on the Professional plan): the limits both sides check and
 * the colour rule that keeps text on the accent colour readable.
 */
export const BUSINESS_NAME_MAX = 100;
export const FOOTER_TEXT_MAX = 300;
/** A logo is resized in the browser to at most this many pixels a side before upload. */
export const LOGO_MAX_PIXELS = 512;
/** And the server refuses a stored logo larger than this. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The accent used when a branded technician chose none (the app's primary blue). */
export const DEFAULT_ACCENT = '#1d4ed8';

export const BRANDING_MESSAGES = {
  planRequired: 'Custom branding requires the Professional plan',
  color: 'Accent colour must be a hex colour like #1d4ed8',
  logoType: 'Logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'Logo too large: the limit is 1 MB (it is resized to 512 px before upload)',
} as const;

/** '#abc' or '#aabbcc' (any case); normalised by `normalizeHex`. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** '#ABC' → '#aabbcc'. Assumes HEX_COLOR matched. */
export function normalizeHex(hex: string): string {
  const h = hex.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

/** WCAG 2 relative luminance of '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const n = normalizeHex(hex);
  const channel = (i: number) => {
    const c = parseInt(n.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for the accent background: black or white, whichever contrasts more. One of
 * the two always reaches at least 4.58:1, so text on any accent meets WCAG AA (4.5:1).
 */
export function readableTextColor(accent: string): '#000000' | '#ffffff' {
  return contrastRatio(accent, '#000000') >= contrastRatio(accent, '#ffffff')
    ? '#000000'
    : '#ffffff';
}
