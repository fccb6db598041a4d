/**
 * GET /api/quotes/:id/pdf, /api/invoices/:id/pdf, /api/pos/receipts/:id/pdf: the point of
 * sale's documents as PDFs, downloaded by a plain link (the point of sale and the request page
 * both offer them). `token`: a guest's request link or quote approval link (`?t=`).
 */
export type PdfDocumentKind = 'quote' | 'invoice' | 'receipt';

const BASE: Record<PdfDocumentKind, string> = {
  quote: '/api/quotes',
  invoice: '/api/invoices',
  receipt: '/api/pos/receipts',
};

export function documentPdfUrl(kind: PdfDocumentKind, id: number, token?: string | null) {
  const url = `${BASE[kind]}/${id}/pdf`;
  return token ? `${url}?t=${encodeURIComponent(token)}` : url;
}
