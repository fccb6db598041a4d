import { formatTimestamp } from '../../../lib/dates';
import { useState } from 'react';
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from '@shared/schemas/notifications';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { FormError, useItemError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useOutbox } from '../api/get-outbox';
import { useRetryMessage } from '../api/retry-message';
import { Pager } from '../../../components/pager';

const STATUS_BADGE: Record<OutboxStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  sent: 'success',
  queued: 'warning',
  sending: 'warning',
  failed: 'destructive',
  held: 'secondary',
  canceled: 'secondary',
};
const CHANNEL_LABEL: Record<OutboxChannel, string> = { email: 'E-mail', sms: 'SMS', push: 'Push' };

/** Every message the app sends: failed ones first, each with its error and a Retry button. */
export function OutboxTab() {
  const [status, setStatus] = useState<OutboxStatus | ''>('failed');
  const [channel, setChannel] = useState<OutboxChannel | ''>('');
  const [page, setPage] = useState(1);
  const list = useOutbox({ status: status || undefined, channel: channel || undefined, page });
  const retry = useRetryMessage();
  // A refused retry stays under its message until the next action.
  const failure = useItemError<number>();
  const onRetry = (id: number) => {
    failure.clear();
    retry.mutate(id, {
      onSuccess: () => notify({ title: 'Message queued again' }),
      onError: (err) => failure.report(id, err, 'Retry failed', 'Please try again.'),
    });
  };
  const data = list.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        {data && (
          <p className="text-sm text-slate-600">
            {OUTBOX_STATUSES.map((s) => `${data.counts[s] ?? 0} ${s}`).join(' · ')}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-4">
          <FilterSelect
            id="outbox-status"
            label="Status"
            value={status}
            options={OUTBOX_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)])}
            onChange={(v) => {
              setStatus(v as OutboxStatus | '');
              setPage(1);
            }}
          />
          <FilterSelect
            id="outbox-channel"
            label="Channel"
            value={channel}
            options={OUTBOX_CHANNELS.map((c) => [c, CHANNEL_LABEL[c]])}
            onChange={(v) => {
              setChannel(v as OutboxChannel | '');
              setPage(1);
            }}
          />
        </div>
        {list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the outbox.
          </p>
        ) : data?.items.length === 0 ? (
          <p className="text-sm text-slate-600">No messages here.</p>
        ) : (
          <ul className="divide-y" aria-label="Outbox messages" aria-busy={list.isFetching}>
            {data?.items.map((m) => (
              <li key={m.id} className="space-y-1 py-3 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-semibold">{m.subject}</p>
                    <p className="break-words text-slate-500">
                      {CHANNEL_LABEL[m.channel]} to {m.to} · {m.template} ·{' '}
                      {formatTimestamp(m.createdAt)}
                      {m.attempts > 0
                        ? ` · ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`
                        : ''}
                    </p>
                  </div>
                  <Badge variant={STATUS_BADGE[m.status]}>{m.status}</Badge>
                </div>
                {m.lastError && <p className="break-words text-slate-700">{m.lastError}</p>}
                {m.status === 'queued' && m.attempts > 0 && (
                  <p className="text-slate-500">Next attempt {formatTimestamp(m.availableAt)}</p>
                )}
                {m.status === 'failed' && (
                  <Button
                    size="sm"
                    disabled={retry.isPending}
                    aria-label={`Retry: ${m.subject}`}
                    onClick={() => onRetry(m.id)}
                  >
                    Retry
                  </Button>
                )}
                <FormError message={failure.messageFor(m.id)} />
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pager
            label="Outbox pages"
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

function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-40 space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">All</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
