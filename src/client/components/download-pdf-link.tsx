import { FileDown } from 'lucide-react';
import { documentPdfUrl, type PdfDocumentKind } from '../lib/api/document-pdfs';
import { cn } from '../lib/utils';
import { buttonVariants } from './ui/button';

/**
 * "Download PDF": a plain link to the document's PDF (the browser downloads it; no script), named
 * for the document it fetches so that several on one screen stay apart. Never printed.
 */
export function DownloadPdfLink({
  kind,
  id,
  number,
  token,
  className,
}: {
  kind: PdfDocumentKind;
  id: number;
  /** The document's number (Q-, INV-, R-): the file's name and the link's accessible name. */
  number: string;
  token?: string | null;
  className?: string;
}) {
  return (
    <a
      href={documentPdfUrl(kind, id, token)}
      download={`${number}.pdf`}
      aria-label={`Download PDF of ${number}`}
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'print:hidden', className)}
    >
      <FileDown className="mr-1 h-4 w-4" aria-hidden="true" /> Download PDF
    </a>
  );
}
