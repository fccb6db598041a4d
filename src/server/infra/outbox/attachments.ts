import type { AttachmentRef, OutboxRow } from './types';

export type { AttachmentRef } from './types';

/** A rendered attachment, as nodemailer takes it. */
export type RenderedAttachment = { filename: string; content: Buffer; contentType: string };

type Renderer = (id: number) => Promise<Uint8Array>;

/** The renderers of attachment kinds; features register theirs at start-up. */
export type AttachmentRenderers = {
  register(kind: string, render: Renderer): void;
  /** The attachments of an outbox row, rendered now (throws when one cannot be). */
  render(row: Pick<OutboxRow, 'payload'>): Promise<RenderedAttachment[]>;
};

/** Thrown when the record behind an attachment no longer exists: the e-mail cannot be sent. */
export class AttachmentGone extends Error {}

/** A PDF of a numbered document: `<number>.pdf`. */
export const pdfAttachment = (kind: string, id: number, number: string): AttachmentRef => ({
  kind,
  id,
  filename: `${number}.pdf`,
  contentType: 'application/pdf',
});

/** The attachment references stored in an outbox row's payload (none when it has none). */
export function attachmentRefs(payload: unknown): AttachmentRef[] {
  const list = (payload as { attachments?: unknown } | null)?.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is AttachmentRef =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as AttachmentRef).kind === 'string' &&
      typeof (a as AttachmentRef).id === 'number' &&
      typeof (a as AttachmentRef).filename === 'string' &&
      typeof (a as AttachmentRef).contentType === 'string',
  );
}

export function createAttachmentRenderers(): AttachmentRenderers {
  const renderers = new Map<string, Renderer>();
  return {
    register(kind, render) {
      renderers.set(kind, render);
    },
    async render(row) {
      const refs = attachmentRefs(row.payload);
      return Promise.all(
        refs.map(async (ref) => {
          const render = renderers.get(ref.kind);
          if (!render) throw new Error(`No renderer for attachments of kind ${ref.kind}`);
          return {
            filename: ref.filename,
            contentType: ref.contentType,
            content: Buffer.from(await render(ref.id)),
          };
        }),
      );
    },
  };
}
