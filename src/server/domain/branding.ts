import { BRAND } from '@shared/brand';
import { DEFAULT_ACCENT, readableTextColor } from '@shared/branding';
import type { Branding } from '@shared/schemas/branding';
import type { DbOrTx } from '../db/client';
import type { technicianBranding } from '../db/schema';
import { brandingRowOf, currentLogoOf } from './branding.queries';
import { technicianPlan } from './entitlements';
import { composeMail, escapeHtml } from '../infra/mailer';
import type { Storage } from '../infra/storage/types';

export type BrandingRow = typeof technicianBranding.$inferSelect;

/** The public address of a technician's logo; the document id changes with every new logo. */
export const logoPath = (technicianId: number, documentId: number) =>
  `/api/technicians/${technicianId}/logo/${documentId}`;

/** The branding a saved row shows (null when nothing is set). Says nothing about the plan. */
export function brandingView(row: BrandingRow | undefined): Branding | null {
  if (!row || (!row.businessName && !row.logoDocumentId && !row.accentColor && !row.footerText))
    return null;
  const accent = row.accentColor ?? DEFAULT_ACCENT;
  return {
    businessName: row.businessName,
    logoUrl: row.logoDocumentId ? logoPath(row.technicianId, row.logoDocumentId) : null,
    accentColor: accent,
    accentTextColor: readableTextColor(accent),
    footerText: row.footerText,
  };
}

export async function brandingRow(db: DbOrTx, technicianId: number) {
  return brandingRowOf(db, technicianId);
}

/**
 * What the technician's customers see now: their branding while their plan includes custom
 * branding (Professional, active or in grace), otherwise null (a lapsed plan keeps the data).
 */
export async function brandingOf(
  db: DbOrTx,
  technicianId: number | null | undefined,
  now: Date,
): Promise<Branding | null> {
  if (technicianId == null) return null;
  const plan = await technicianPlan(db, technicianId, now);
  if (!plan.branding) return null;
  return brandingView(await brandingRow(db, technicianId));
}

/**
 * The bytes of the logo `brandingOf` shows (call it only with that branding), for documents that
 * embed it (the point of sale's PDFs); null when there is none or it cannot be read.
 */
export async function brandingLogoBytes(
  db: DbOrTx,
  storage: Storage,
  technicianId: number,
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const doc = await currentLogoOf(db, technicianId);
  if (!doc?.contentType) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(doc.storageKey)) chunks.push(Buffer.from(chunk));
    return { contentType: doc.contentType, bytes: Buffer.concat(chunks) };
  } catch {
    return null; // A logo the storage cannot give: the document shows the business name alone.
  }
}

/** The sign-off of a customer e-mail: the business when branded. */
export const signOff = (branding: Branding | null) =>
  branding?.businessName ? `— ${branding.businessName}, via ${BRAND.name}` : `— ${BRAND.name}`;

/**
 * `composeMail` with the technician's branding: the business name (and logo) in a band of the
 * accent colour above the message, the footer text below. Without branding, plain.
 */
export function composeBrandedMail(
  paragraphs: string[],
  branding: Branding | null,
  baseUrl: string,
): { text: string; html: string } {
  const plain = composeMail(paragraphs);
  if (!branding) return plain;
  const name = branding.businessName;
  const footer = branding.footerText;
  const text = [name, plain.text, footer].filter(Boolean).join('\n\n');
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(baseUrl + branding.logoUrl)}" alt="${escapeHtml(name ?? 'Logo')}" height="48" style="height:48px;max-width:192px;vertical-align:middle;margin-right:12px">`
    : '';
  const header = `<div style="background:${branding.accentColor};color:${branding.accentTextColor};padding:16px 20px;font-family:sans-serif;font-size:20px;font-weight:bold">${logo}${name ? escapeHtml(name) : ''}</div>`;
  const footerHtml = footer
    ? `<p style="border-top:3px solid ${branding.accentColor};padding-top:12px;color:#374151;font-size:13px">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>`
    : '';
  return { text, html: [header, plain.html, footerHtml].filter(Boolean).join('\n') };
}
