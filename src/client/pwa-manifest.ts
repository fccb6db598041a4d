import type { ManifestOptions } from 'vite-plugin-pwa';
import { BRAND } from '../shared/brand';
import { PATHS } from '../shared/paths';
// Relative imports: vite.config.ts loads this file too, before its aliases exist.

/** The app's colours (styles.css: --primary and --background). */
export const THEME_COLOR = '#1d4ed8';
export const BACKGROUND_COLOR = '#f8fafc';

/**
 * The web app manifest (vite.config.ts writes it as /manifest.webmanifest). The app opens at
 * /start, which sends each signed-in role to its own first screen.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: BRAND.name,
  short_name: BRAND.name,
  description:
    'Certified mobile mechanics in the Washington DC, Maryland and Virginia area: request a repair, or answer jobs near you as a technician.',
  start_url: PATHS.start,
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  lang: 'en-US',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
