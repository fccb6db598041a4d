import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Pager } from '../../../../components/pager';
import { errorMessage } from '../../../../lib/api-client';
import { formatTimestamp } from '../../../../lib/dates';
import { cn } from '../../../../lib/utils';
import { useReportedThreads } from '../api/get-reported-threads';

/**
 * The conversations a participant reported a message in (ADR 042), each whole so the report
 * reads in context, newest report first. Admins see no other conversation; each look is audited.
 */
export function ReportedThreadsTab() {
  const [page, setPage] = useState(1);
  const list = useReportedThreads(page);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reported conversations</CardTitle>
        <p className="text-sm text-slate-600">
          Conversations between a customer and a technician where one of them reported a message.
          Only reported conversations are shown here; each visit is kept in the audit log.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        {list.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error, 'Reported conversations could not be loaded.')}
          </p>
        ) : list.data.threads.length === 0 ? (
          <p className="text-sm text-slate-600">No reported conversations.</p>
        ) : (
          list.data.threads.map((t) => (
            <section
              key={t.reference}
              aria-label={`Conversation on ${t.reference}`}
              className="space-y-2 rounded-md border p-4"
            >
              <h3 className="font-semibold">
                {t.reference} · {t.serviceType}
              </h3>
              <p className="text-sm text-slate-600">
                {t.customerName} (customer) and {t.technicianName} (technician) · last report{' '}
                {formatTimestamp(t.lastReportedAt)}
              </p>
              <ol className="space-y-2">
                {t.messages.map((m) => (
                  <li
                    key={m.id}
                    className={cn(
                      'rounded-md px-3 py-2 text-sm',
                      m.report ? 'border border-red-300 bg-red-50' : 'bg-slate-50',
                    )}
                  >
                    <p className="text-xs font-medium text-slate-700">
                      {m.authorName} ({m.from}) · {formatTimestamp(m.createdAt)}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
                    {m.report && (
                      <p className="mt-1 text-xs text-red-800">
                        <Badge variant="destructive" className="mr-1">
                          Reported
                        </Badge>
                        by the {m.report.by} {formatTimestamp(m.report.at)}: {m.report.reason}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          ))
        )}
        {list.data && (
          <Pager
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Reported conversations pages"
            busy={list.isFetching}
          />
        )}
      </CardContent>
    </Card>
  );
}
