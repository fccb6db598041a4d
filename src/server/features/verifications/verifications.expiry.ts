import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import { credentialsToday, effectiveStatus } from '../../domain/credentials';
import { composeMail } from '../../infra/mailer';
import { publicBaseUrl } from '../../infra/public-url';
import * as q from './verifications.expiry.queries';

/** Reminders before a verified credential expires, in days; each is sent once. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) =>
  new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS);

/** Today in the service area, 'YYYY-MM-DD': a credential is valid through its expiration date. */
export const verificationToday = credentialsToday;

export { effectiveStatus };

/**
 * The periodic sweep: stores 'expired' on verified credentials past their date, and e-mails the
 * technician 30 and 7 days before a verified credential expires. Each reminder is claimed with
 * a conditional update before it is sent, so it goes out once even with several instances.
 */
export async function sweepVerifications(app: FastifyInstance) {
  const today = verificationToday(app.clock());
  const expired = await q.expirePastDue(app.db, today);

  const [longest, shortest] = [
    Math.max(...EXPIRY_REMINDER_DAYS),
    Math.min(...EXPIRY_REMINDER_DAYS),
  ];
  const due = await q.remindersDue(app.db, today, addDays(today, longest), shortest);

  let reminders = 0;
  for (const v of due) {
    const daysLeft = daysBetween(today, v.expirationDate!);
    // The nearest reminder point not yet passed: 7 when 7 or fewer days are left, else 30.
    const stage = Math.min(...EXPIRY_REMINDER_DAYS.filter((d) => daysLeft <= d));
    if (v.reminderDaysSent !== null && v.reminderDaysSent <= stage) continue;
    const label = VERIFICATION_TYPE_LABELS[v.verificationType];
    const when = daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
    // The reminder stage and its e-mail commit together: one e-mail per stage.
    const sent = await app.db.transaction(async (tx) => {
      if (!(await q.claimReminder(tx, v.id, stage))) return false;
      await app.outbox.enqueue(tx, {
        to: v.email,
        template: 'verification_expiring',
        key: `verification_expiring:${v.id}:${stage}:${v.expirationDate}`,
        subject: `Your ${label} expires ${when}`,
        ...composeMail([
          `Hi ${v.firstName},`,
          `Your ${label.toLowerCase()} "${v.credentialName}" (${v.issuingOrganization}) expires on ${v.expirationDate}, ${when}.`,
          `Add the renewed credential under My Verifications so that you keep receiving jobs: an expired license or insurance pauses job notifications on ${BRAND.name}.`,
          `${publicBaseUrl(app.config)}/technician-verifications`,
        ]),
      });
      return true;
    });
    if (sent) reminders++;
  }
  return { expired: expired.length, reminders };
}
