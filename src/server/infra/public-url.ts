import type { AppConfig } from '../config';

/** The site's base URL for links in e-mails: PUBLIC_URL, or this machine's port. */
export const publicBaseUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>) =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
