import { formatTimestamp } from '../../../lib/dates';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { PhoneLink } from '../../../components/ui/phone-link';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { FormError, useItemError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useAdminMessages, type MessageFilter } from '../api/get-messages';
import { useSetMessageHandled } from '../api/set-message-handled';
import { Pager } from '../../../components/pager';

/** Contact Us messages: unhandled ones by default, marked handled once answered. */
export function MessagesTab() {
  const [handled, setHandled] = useState<MessageFilter['handled'] | ''>('false');
  const [page, setPage] = useState(1);
  const list = useAdminMessages({ handled: handled || undefined, page });
  const mark = useSetMessageHandled();
  // A refusal stays under the message it was about until the next action.
  const failure = useItemError<number>();
  const toggle = (id: number, value: boolean) => {
    failure.clear();
    mark.mutate(
      { id, handled: value },
      {
        onSuccess: () => notify({ title: value ? 'Marked handled' : 'Marked unhandled' }),
        onError: (err) => failure.report(id, err, 'Action failed', 'Please try again.'),
      },
    );
  };
  const data = list.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-xs space-y-1.5">
          <Label htmlFor="message-filter">Show</Label>
          <Select
            id="message-filter"
            value={handled}
            onChange={(e) => {
              setHandled(e.target.value as MessageFilter['handled'] | '');
              setPage(1);
            }}
          >
            <option value="false">Unhandled</option>
            <option value="true">Handled</option>
            <option value="">All messages</option>
          </Select>
        </div>
        {list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the messages.
          </p>
        ) : data?.items.length === 0 ? (
          <p className="text-sm text-slate-600">No messages here.</p>
        ) : (
          <ul className="divide-y" aria-label="Messages" aria-busy={list.isFetching}>
            {data?.items.map((m) => (
              <li key={m.id} className="space-y-1 py-3 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{m.subject}</p>
                    <p className="break-words text-slate-500">
                      {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                      {m.phone && (
                        <>
                          {' · '}
                          <PhoneLink phone={m.phone} />
                        </>
                      )}{' '}
                      · {formatTimestamp(m.createdAt)}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    {m.priority && <Badge>Priority</Badge>}
                    {m.handledAt ? (
                      <Badge variant="success">Handled</Badge>
                    ) : (
                      <Badge variant="warning">Unhandled</Badge>
                    )}
                  </div>
                </div>
                <p className="whitespace-pre-wrap break-words">{m.message}</p>
                {m.handledAt && (
                  <p className="text-slate-500">
                    Handled {formatTimestamp(m.handledAt)}
                    {m.handledBy ? ` by ${m.handledBy}` : ''}
                  </p>
                )}
                <Button
                  size="sm"
                  variant={m.handledAt ? 'outline' : 'default'}
                  disabled={mark.isPending}
                  aria-label={`${m.handledAt ? 'Mark unhandled' : 'Mark handled'}: ${m.subject}`}
                  onClick={() => toggle(m.id, !m.handledAt)}
                >
                  {m.handledAt ? 'Mark unhandled' : 'Mark handled'}
                </Button>
                <FormError message={failure.messageFor(m.id)} />
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pager
            label="Messages pages"
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
