import { formatTimestamp } from '../../../lib/dates';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { API_RATE_LIMIT_PER_MINUTE, API_TOKEN_NAME_MAX } from '@shared/schemas/api-tokens';
import type { ApiToken, CreatedApiToken } from '@shared/schemas/api-tokens';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { NewTokenPanel } from './new-token-panel';
import { RevokeTokenDialog } from './revoke-token-dialog';

const when = (iso: string | null) => (iso ? formatTimestamp(iso) : 'Never');

/** The profile's 'API access' card: personal tokens for the read-only /api/v1 (Professional). */
export function ApiAccessCard() {
  const tokens = useApiTokens();
  return (
    <Card role="region" aria-labelledby="api-access-title" className="mt-6">
      <CardHeader>
        <CardTitle id="api-access-title">API access</CardTitle>
        <CardDescription>
          Personal API tokens let your own tools read your jobs, quotes, invoices and payments
          (read-only, {API_RATE_LIMIT_PER_MINUTE} requests a minute per token).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {tokens.isLoading ? (
          <Skeleton className="h-32" />
        ) : !tokens.data ? (
          <p role="alert" className="text-sm text-red-700">
            Your API tokens could not be loaded.
          </p>
        ) : tokens.data.entitled ? (
          <Tokens tokens={tokens.data.tokens} />
        ) : (
          <div className="space-y-3">
            <p className="flex items-center gap-2 font-semibold">
              <Lock className="h-4 w-4" aria-hidden="true" /> API access is part of the Professional
              plan
            </p>
            <p className="text-sm text-slate-600">
              Connect your bookkeeping or your own software to your Wrenchly records with personal
              API tokens.
              {tokens.data.tokens.length > 0 &&
                ' Your existing tokens do not work while your plan does not include API access.'}
            </p>
            <Button asChild>
              <Link to={PATHS.subscriptionPlans}>Upgrade to Professional</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Tokens({ tokens }: { tokens: ApiToken[] }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  // The server's refusal (the token limit, a name in use) by Create Token until the next try.
  const error = useFormError();
  const columns: Column<ApiToken>[] = [
    { header: 'Name', primary: true, cell: (t) => t.name },
    { header: 'Token', className: 'font-mono', cell: (t) => `${t.prefix}…` },
    { header: 'Created', cell: (t) => when(t.createdAt) },
    { header: 'Last used', cell: (t) => when(t.lastUsedAt) },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'sm:text-right',
      cell: (t) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRevoking(t)}
          aria-label={`Revoke ${t.name}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    error.clear();
    create.mutate(
      { name },
      {
        onSuccess: (data) => {
          setCreated(data);
          setName('');
        },
        onError: (err) =>
          error.report(null, reportActionError(err, 'Token Not Created', 'Please try again.')),
      },
    );
  };

  return (
    <div className="space-y-6">
      {created && <NewTokenPanel created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1 space-y-2">
          <Label htmlFor="api-token-name">Token name</Label>
          <Input
            id="api-token-name"
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            placeholder="e.g. Bookkeeping sync"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          disabled={create.isPending || !name.trim()}
          aria-describedby={error.describedBy}
        >
          {create.isPending ? 'Creating...' : 'Create Token'}
        </Button>
        <div className="w-full">
          <FormError id={error.id} message={error.message} />
        </div>
      </form>
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-500">No API tokens yet.</p>
      ) : (
        <div className="sm:overflow-x-auto">
          <DataTable
            columns={columns}
            rows={tokens}
            rowKey={(t) => t.id}
            rowProps={() => ({ 'data-testid': 'api-token' })}
            caption="Your API tokens"
          />
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code> to <code>/api/v1/jobs</code>,{' '}
        <code>/api/v1/quotes</code>, <code>/api/v1/invoices</code> and <code>/api/v1/payments</code>
        .
      </p>
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
