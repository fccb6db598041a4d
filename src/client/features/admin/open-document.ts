import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { getDocumentLink } from './api/get-document-link';

/** Opens a private document through a short-lived signed link (admins may read every one). */
export function openDocument(documentId: number) {
  // Opened during the click, so no popup blocker stops it; the address follows.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  getDocumentLink(documentId).then(
    ({ url }) => {
      if (tab) tab.location.href = url;
      else window.location.href = url;
    },
    (err: unknown) => {
      tab?.close();
      notify({
        title: 'Error',
        description: errorMessage(err, 'The document could not be opened.'),
        variant: 'destructive',
      });
    },
  );
}
