import type { PGlite, Transaction } from '@electric-sql/pglite';
import type * as Api from '@opentelemetry/api';
import { scrubSql } from '@shared/redaction';

/**
 * Query spans for the embedded PGlite, which no OpenTelemetry instrumentation knows (only the
 * `pg` client of PostgreSQL is): a CLIENT span per query, named and shaped as the `pg`
 * instrumentation's are, with the SQL only (the parameters never; string literals blanked).
 *
 * As for `pg`, only queries inside a trace get one (a request's), not the background tasks'
 * polling, which would start a trace of its own every second.
 */

/** The SQL command, as the `pg` instrumentation names it (`SELECT`, `INSERT`, ...). */
function operation(sql: string): string {
  const word = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)?.[1];
  return word ? word.toUpperCase() : 'QUERY';
}

type Run<A extends unknown[], R> = (sql: string, ...rest: A) => Promise<R>;

/** Patches the instance's `query`, `exec` and `transaction` (its `query` and `exec` too). */
export function tracePglite(pglite: PGlite, api: typeof Api): void {
  const tracer = api.trace.getTracer('wrenchly-pglite');

  const traced =
    <A extends unknown[], R>(run: Run<A, R>): Run<A, R> =>
    async (sql, ...rest) => {
      const active = api.context.active();
      if (!api.trace.getSpan(active)) return run(sql, ...rest);
      const op = operation(sql);
      const span = tracer.startSpan(
        `pglite.query:${op}`,
        {
          kind: api.SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.namespace': 'pglite',
            'db.operation.name': op,
            'db.query.text': scrubSql(sql),
          },
        },
        active,
      );
      try {
        return await api.context.with(api.trace.setSpan(active, span), () => run(sql, ...rest));
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    };

  const wrapTransaction = (tx: Transaction) => {
    tx.query = traced(tx.query.bind(tx)) as Transaction['query'];
    tx.exec = traced(tx.exec.bind(tx)) as Transaction['exec'];
    return tx;
  };

  pglite.query = traced(pglite.query.bind(pglite)) as PGlite['query'];
  pglite.exec = traced(pglite.exec.bind(pglite)) as PGlite['exec'];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => callback(wrapTransaction(tx)))) as PGlite['transaction'];
}
