import { formatAmount } from '@shared/money';
import { FilePlus2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { posForJobPath, posReceiptPath } from '@shared/paths';
import { invoiceStatusBadge } from '../../../../components/invoice-status';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatShortDate } from '../../../../lib/dates';
import { isActiveJob } from '../format';

/** The job's quotes, invoices and payments; 'Create quote' opens the point of sale for it. */
export function ServiceRequestDocuments({ job }: { job: ServiceRequestDetail }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Quotes, invoices and payments</CardTitle>
        {isActiveJob(job) && (
          <Button asChild size="sm">
            <Link to={posForJobPath(job.reference)}>
              <FilePlus2 aria-hidden="true" /> Create quote
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-5">
        <Section title="Quotes" empty="No quotes yet.">
          {job.quotes.map((q) => (
            <Line
              key={q.id}
              title={q.quoteNumber}
              detail={`${formatShortDate(q.createdAt)}${q.signedAt ? ` · signed ${formatShortDate(q.signedAt)}` : ''}`}
              amount={formatAmount(q.total)}
              badge={
                <Badge variant={q.status === 'approved' ? 'success' : 'outline'}>
                  {q.status === 'approved' ? 'Approved' : 'Draft'}
                </Badge>
              }
            />
          ))}
        </Section>
        <Section title="Invoices" empty="No invoices yet.">
          {job.invoices.map((i) => (
            <Line
              key={i.id}
              title={i.invoiceNumber}
              detail={
                i.status === 'paid'
                  ? `${formatShortDate(i.createdAt)} · paid`
                  : `${formatShortDate(i.createdAt)} · balance ${formatAmount(i.balance)}`
              }
              amount={formatAmount(i.total)}
              badge={
                <Badge variant={invoiceStatusBadge(i.status).variant}>
                  {invoiceStatusBadge(i.status).label}
                </Badge>
              }
            />
          ))}
        </Section>
        <Section title="Payments" empty="No payments yet.">
          {job.payments.map((p) => (
            <Line
              key={p.id}
              title={
                <Link
                  className="inline-flex min-h-6 items-center text-primary underline"
                  to={posReceiptPath(p.id)}
                >
                  {/* A declined attempt moved no money: it is no receipt. */}
                  {failedAttempt(p.status) ? 'Failed attempt' : p.receiptNumber}
                </Link>
              }
              detail={`${formatShortDate(p.createdAt)} · ${p.method}${p.invoiceNumber ? ` · ${p.invoiceNumber}` : p.quoteNumber ? ` · deposit on ${p.quoteNumber}` : ''}`}
              amount={formatAmount(p.amount)}
              badge={
                <Badge variant={p.status === 'succeeded' ? 'success' : 'outline'}>{p.status}</Badge>
              }
            />
          ))}
        </Section>
      </CardContent>
    </Card>
  );
}

const failedAttempt = (status: ServiceRequestDetail['payments'][number]['status']) =>
  status === 'failed' || status === 'requires_payment_method';

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y rounded-md border">{children}</ul>
      )}
    </section>
  );
}

function Line(props: { title: ReactNode; detail: string; amount: string; badge: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium">{props.title}</p>
        <p className="text-slate-500">{props.detail}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold">{props.amount}</span>
        {props.badge}
      </div>
    </li>
  );
}
