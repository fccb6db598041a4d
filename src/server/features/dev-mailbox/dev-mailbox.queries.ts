import { desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { attachmentRefs } from '../../infra/outbox';

/** The newest e-mails and text messages of the outbox, in the mailbox's shape. */
export async function latestMails(db: DbOrTx, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .where(inArray(outbox.channel, ['email', 'sms']))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map((m) => ({
    id: m.id,
    channel: m.channel === 'sms' ? ('sms' as const) : ('email' as const),
    to: m.toAddress,
    subject: m.subject,
    text: m.textBody,
    template: m.template,
    status: m.status,
    // What the e-mail carries (rendered when it is delivered): names and types only.
    attachments: attachmentRefs(m.payload).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
    })),
    createdAt: m.createdAt.toISOString(),
  }));
}
