import { z } from 'zod';
import { safeText } from './common';

/**
 * Messages on a service request between its customer and the technician holding it (ADR 042).
 * The thread opens when a technician accepts and stays open until THREAD_OPEN_DAYS after the
 * job is completed; it can be read by its two participants after that.
 */
export const THREAD_OPEN_DAYS = 30;
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages one side may send on one request per hour. */
export const MESSAGES_PER_HOUR = 30;
/** A message notifies the other side unless one of a burst already did within this time. */
export const MESSAGE_BURST_MINUTES = 10;

export const MESSAGE_AUTHORS = ['customer', 'technician'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const ONLY_PARTICIPANTS =
  'Only the customer and the technician on this job can read and send its messages';
export const THREAD_NOT_OPEN = 'Messages open once a technician accepts the job';
export const threadClosed = (days: number) =>
  `Messages on this job closed ${days} days after it was completed`;

/** POST /api/service-requests/:reference/messages */
export const messageBodySchema = z.object({
  message: safeText({ error: 'Please write a message' })
    .trim()
    .min(1, 'Please write a message')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type MessageBody = z.input<typeof messageBodySchema>;

export const requestMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(MESSAGE_AUTHORS),
  /** The author's first name as the other side knows them. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Whether the other side has read it. */
  read: z.boolean(),
});
export type RequestMessage = z.infer<typeof requestMessageSchema>;

/** GET /api/service-requests/:reference/messages */
export const requestThreadSchema = z.object({
  messages: z.array(requestMessageSchema),
  /** Who is asking: their own messages are `from` this side. */
  you: z.enum(MESSAGE_AUTHORS),
  /** Whether a message may be sent now, and if not, why. */
  canWrite: z.boolean(),
  closedReason: z.string().nullable(),
  /** When the thread closes (30 days after completion), once the job is completed. */
  closesAt: z.string().nullable(),
  /** The other side's messages not read yet. */
  unread: z.number().int(),
});
export type RequestThread = z.infer<typeof requestThreadSchema>;

/** POST /api/service-requests/:reference/messages: 'Message sent' and the message. */
export const messageSentSchema = z.object({
  message: z.literal('Message sent'),
  sent: requestMessageSchema,
});

/** POST /api/service-requests/:reference/messages/read */
export const threadReadSchema = z.object({ unread: z.literal(0) });

/** POST /api/service-requests/:reference/messages/:id/report: why the message is reported. */
export const reportMessageSchema = z.object({
  reason: safeText({ error: 'Please say what is wrong with this message' })
    .trim()
    .min(3, 'Please say what is wrong with this message')
    .max(500, 'The reason must be at most 500 characters'),
});
export type ReportMessageInput = z.input<typeof reportMessageSchema>;
export const ONLY_OTHER_SIDE = "You can report the other side's messages, not your own";
export const messageReportedSchema = z.object({ message: z.literal('Message reported') });

/** GET /api/admin/reported-threads: the threads with a reported message, newest report first. */
export const reportedThreadSchema = z.object({
  reference: z.string(),
  serviceType: z.string(),
  status: z.string(),
  customerName: z.string(),
  technicianName: z.string(),
  lastReportedAt: z.string(),
  messages: z.array(
    requestMessageSchema.extend({
      report: z
        .object({ at: z.string(), by: z.enum(MESSAGE_AUTHORS), reason: z.string() })
        .nullable(),
    }),
  ),
});
export type ReportedThread = z.output<typeof reportedThreadSchema>;
export const reportedThreadsSchema = z.object({
  threads: z.array(reportedThreadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/messages/unread: the signed-in customer's or technician's unread messages. */
export const unreadMessagesSchema = z.object({
  unread: z.number().int(),
  /** Per request with unread messages, newest request first (at most 100). */
  requests: z.array(z.object({ reference: z.string(), unread: z.number().int() })),
});
export type UnreadMessages = z.output<typeof unreadMessagesSchema>;
