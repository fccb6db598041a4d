import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DTC_PATTERN, type Dtc } from '@shared/schemas/tools';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useTroubleCode } from '../api/get-trouble-code';
import { useTroubleCodeSearch } from '../api/search-trouble-codes';

/**
 * One box for a code (P0300: its entry) or words (misfire: the codes whose description holds
 * them). A well-formed code is looked up; anything else is searched.
 */
export function TroubleCodeLookup() {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ code: string } | { q: string } | null>(null);
  const [error, setError] = useState<string>();
  const code = useTroubleCode(asked && 'code' in asked ? asked.code : null);
  const search = useTroubleCodeSearch(asked && 'q' in asked ? asked.q : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v.length < 2) return setError('Enter a code (e.g. P0300) or at least 2 letters');
    setError(undefined);
    setAsked(DTC_PATTERN.test(v.toUpperCase()) ? { code: v.toUpperCase() } : { q: v });
  };

  const pending = code.isFetching || search.isFetching;
  const failed = code.error ?? search.error;
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 space-y-1.5">
          <Label htmlFor="dtc-query">Trouble code or words</Label>
          <Input
            id="dtc-query"
            value={text}
            maxLength={60}
            placeholder="P0300 or misfire"
            aria-invalid={!!error}
            aria-describedby={error ? 'dtc-query-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <FieldError id="dtc-query-error" message={error} />
        </div>
        <Button type="submit" disabled={pending}>
          <Search className="mr-2 h-4 w-4" aria-hidden="true" /> Look up
        </Button>
      </form>
      <div aria-live="polite">
        {pending ? (
          <Skeleton className="h-24" />
        ) : failed ? (
          <p role="alert" className="rounded-lg border border-dashed p-6 text-slate-600">
            {errorMessage(failed, 'The lookup failed. Please try again.')}
          </p>
        ) : code.data ? (
          <CodeEntry entry={code.data} />
        ) : search.data ? (
          search.data.total === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-slate-500">
              No codes match “{search.data.q}”
            </p>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                {search.data.total} code{search.data.total === 1 ? '' : 's'} match “{search.data.q}”
                {search.data.total > search.data.items.length
                  ? ` (first ${search.data.items.length} shown)`
                  : ''}
              </p>
              {search.data.items.map((e) => (
                <CodeEntry key={e.code} entry={e} />
              ))}
            </div>
          )
        ) : null}
      </div>
    </div>
  );
}

function CodeEntry({ entry }: { entry: Dtc }) {
  return (
    <Card data-testid="dtc">
      <CardContent className="space-y-2 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-lg font-bold">{entry.code}</span>
          <Badge variant="outline">{entry.system}</Badge>
        </div>
        <p className="font-medium text-slate-900">{entry.description}</p>
        {entry.causes.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-700">Likely causes</h3>
            <ul className="list-inside list-disc text-sm text-slate-600">
              {entry.causes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
