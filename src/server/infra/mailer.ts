import type { OutboxInput } from './outbox';

/** An e-mail, as features compose it; `app.outbox.enqueue(tx, mail)` sends it (ADR 012). */
export type MailMessage = Omit<OutboxInput, 'channel' | 'payload'>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A plain-text body and its simple HTML twin from paragraphs (each line escaped). */
export function composeMail(paragraphs: string[]): { text: string; html: string } {
  return {
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
