import type { FastifyInstance } from 'fastify';
import { myJobPath } from '@shared/paths';
import { formatReference } from '@shared/service-request-rules';
import { formatWindow } from '@shared/service-time';
import type { ServiceRequestRow } from '../../../domain/request-access';
import { customerText } from '../../../domain/customer-texts';
import { customerMail } from '../../../domain/request-mail';
import { tellTechnician } from '../../../domain/technician-alerts';
import type { OutboxInput } from '../../../infra/outbox';
import * as q from './reminders.queries';

const HOUR = 3_600_000;
/** When each reminder goes: a day before the window, and an hour before. */
export const VISIT_REMINDERS = [
  { kind: 'day', before: 24 * HOUR },
  { kind: 'hour', before: HOUR },
] as const;
/** Jobs reminded per run at most; the rest wait for the next run (five minutes). */
const BATCH = 500;

/**
 * The periodic task (ADR 043): a scheduled job's customer (e-mail, and a text with their
 * consent) and technician (push, else e-mail) are reminded a day before its window and an hour
 * before. Each message is keyed by the job, the reminder and the window's start, so it goes once
 * (the outbox skips a key it has), and a window moved later is reminded anew. A window confirmed
 * less than an hour ahead gets only the hour's reminder.
 */
export async function sendVisitReminders(app: FastifyInstance) {
  const now = app.clock();
  const jobs = await q.scheduledStartingBy(app.db, now, new Date(now.getTime() + 24 * HOUR), BATCH);
  let queued = 0;
  for (const job of jobs) {
    const untilStart = job.windowStart!.getTime() - now.getTime();
    // The latest reminder due: the hour's once within an hour, else the day's.
    const due = [...VISIT_REMINDERS].reverse().find((r) => untilStart <= r.before)!;
    try {
      await app.db.transaction(async (tx) => {
        await app.outbox.enqueue(tx, customerReminders(app, job, due.kind));
        if (job.assignedTechnicianId)
          await tellTechnician(
            app,
            tx,
            job.assignedTechnicianId,
            technicianReminder(job, due.kind),
          );
      });
      queued++;
    } catch (err) {
      // One job that cannot be reminded does not hold up the others; the next run tries again.
      app.log.error({ err, serviceRequestId: job.id }, 'visit reminder failed');
    }
  }
  return { queued };
}

const keyOf = (job: ServiceRequestRow, kind: string) =>
  `visit_reminder:${job.id}:${kind}:${job.windowStart!.getTime()}`;
const when = (job: ServiceRequestRow) => formatWindow(job.windowStart!, job.windowEnd!);

function customerReminders(app: FastifyInstance, job: ServiceRequestRow, kind: string) {
  const mail = customerMail(
    app,
    job,
    'visit_reminder',
    kind === 'hour' ? 'Your technician arrives within the hour' : 'Reminder: your technician visit',
    [
      `A reminder of your ${job.serviceType} visit in ${job.location}: your technician arrives ${when(job)}.`,
      'Need another time? Ask your technician in the messages on your request page.',
    ],
  );
  const text = customerText(
    app,
    job,
    'visit_reminder',
    keyOf(job, kind),
    `Reminder: your technician arrives ${when(job)}.`,
  );
  return [
    ...(mail ? [{ ...mail, key: `${keyOf(job, kind)}:email` }] : []),
    ...(text ? [text] : []),
  ] satisfies OutboxInput[];
}

function technicianReminder(job: ServiceRequestRow, kind: string) {
  const reference = formatReference(job.id);
  return {
    template: 'visit_reminder_technician',
    key: `${keyOf(job, kind)}:technician`,
    title:
      kind === 'hour' ? `Job ${reference} starts within the hour` : `Reminder: job ${reference}`,
    body: `${job.serviceType} in ${job.location}, ${when(job)}.`,
    path: myJobPath(reference),
  };
}
