import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES, type MailStatus } from '../../../shared/constants/domain';
import { createdAt, id, oneOf } from './_helpers';

/** Every e-mail the product sends; delivered by SMTP when configured, otherwise kept here. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** What kind of message (application_received, quote, receipt, ...), for tests and admin. */
    template: text().notNull(),
    status: text().$type<MailStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_to_idx').on(t.toAddress),
    check('mail_outbox_status_ck', oneOf(t.status, MAIL_STATUSES)),
  ],
);
