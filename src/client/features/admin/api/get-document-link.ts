import type { DocumentLink } from '@shared/schemas/documents';
import { getJson } from '../../../lib/api-client';

/** GET /api/documents/:id/link: a short-lived signed link to a private document (admins read every one). */
export const getDocumentLink = (documentId: number) =>
  getJson<DocumentLink>(`/api/documents/${documentId}/link`);
