import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '@shared/schemas/request-messages';
import { formatServiceTime } from '@shared/service-time';
import { AnchoredSection } from '../../../../components/anchored-section';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FormError } from '../../../../components/ui/form-error';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/utils';
import type { ServiceRequestRef } from '../../api/keys';
import {
  useReadMessages,
  useReportMessage,
  useSendMessage,
  useThread,
  type RequestThread,
} from '../api/messages';
import { ReasonDialog } from '../../../../components/reason-dialog';
import { notify } from '../../../../lib/toast';

/**
 * The conversation between the request's customer and its technician, on both sides' pages
 * (#messages): new messages arrive with the request's live updates; the other side's are marked
 * read once shown here.
 */
export function MessageThread({ req, with: other }: { req: ServiceRequestRef; with: string }) {
  const thread = useThread(req);
  const { mutate: markRead } = useReadMessages(req);
  // The newest of the other side's messages shown: marked read once each (a failed mark is
  // not retried in a loop; the next message tries again).
  const newestUnread = thread.data?.unread
    ? thread.data.messages.filter((m) => m.from !== thread.data.you).at(-1)?.id
    : undefined;
  const marked = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newestUnread === undefined || marked.current === newestUnread) return;
    marked.current = newestUnread;
    markRead();
  }, [newestUnread, markRead]);

  return (
    <AnchoredSection id="messages" label="Messages">
      <Card>
        <CardHeader>
          <CardTitle>Messages with {other}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {thread.isPending ? (
            <p className="text-sm text-slate-600">Loading messages…</p>
          ) : thread.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(thread.error, 'Messages could not be loaded.')}
            </p>
          ) : (
            <Conversation thread={thread.data} req={req} />
          )}
        </CardContent>
      </Card>
    </AnchoredSection>
  );
}

function Conversation({ thread, req }: { thread: RequestThread; req: ServiceRequestRef }) {
  // The other side's message being reported, if any; then which ones this page reported.
  const [reporting, setReporting] = useState<number | null>(null);
  const [reported, setReported] = useState<Set<number>>(() => new Set());
  const report = useReportMessage(req);
  return (
    <>
      <ReasonDialog
        open={reporting !== null}
        title="Report this message"
        description="Our team will read this conversation. Say what is wrong: a threat, abuse, a request to pay off the platform, spam."
        label="What is wrong"
        confirmLabel="Report message"
        pendingLabel="Reporting..."
        maxLength={500}
        missing="Please say what is wrong with this message"
        pending={report.isPending}
        error={report.error ? errorMessage(report.error, 'The report was not sent.') : undefined}
        onClose={() => {
          setReporting(null);
          report.reset();
        }}
        onConfirm={(reason) =>
          report.mutate(
            { id: reporting!, reason },
            {
              onSuccess: () => {
                setReported(new Set(reported).add(reporting!));
                setReporting(null);
                notify({ title: 'Message reported', description: 'Our team will look into it.' });
              },
            },
          )
        }
      />
      {thread.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol aria-label="Messages" className="space-y-3">
          {thread.messages.map((m) => {
            const mine = m.from === thread.you;
            return (
              <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                    mine ? 'bg-blue-50 text-slate-900' : 'bg-slate-100 text-slate-900',
                  )}
                >
                  <p className="text-xs font-medium text-slate-700">
                    {mine ? 'You' : m.authorName} · {formatServiceTime(m.createdAt)}
                    {mine && m.read ? ' · Read' : ''}
                  </p>
                  {/* Text, never markup: React escapes it; line breaks are kept. */}
                  <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
                  {!mine &&
                    (reported.has(m.id) ? (
                      <p className="mt-1 text-xs text-slate-500">Reported</p>
                    ) : (
                      <button
                        type="button"
                        className="mt-1 text-xs text-slate-600 underline"
                        aria-label={`Report the message from ${m.authorName}, ${formatServiceTime(m.createdAt)}`}
                        onClick={() => setReporting(m.id)}
                      >
                        Report
                      </button>
                    ))}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {thread.canWrite ? (
        <Composer req={req} />
      ) : (
        thread.closedReason && <p className="text-sm text-slate-600">{thread.closedReason}</p>
      )}
    </>
  );
}

function Composer({ req }: { req: ServiceRequestRef }) {
  const send = useSendMessage(req);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = () => {
    const message = text.trim();
    if (!message) return setError('Please write a message');
    if (message.length > MESSAGE_MAX_LENGTH)
      return setError(`Message must be at most ${MESSAGE_MAX_LENGTH} characters`);
    setError(null);
    send.mutate(
      { message },
      {
        onSuccess: () => setText(''),
        onError: (err) =>
          setError(errorMessage(err, 'The message was not sent. Please try again.')),
      },
    );
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={`${id}-text`}>Your message</Label>
      <Textarea
        id={`${id}-text`}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <FormError id={`${id}-error`} message={error} />
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
