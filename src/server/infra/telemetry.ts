import type { PGlite } from '@electric-sql/pglite';
import type { Tracer } from '@opentelemetry/api';
import type { AppConfig } from '../config';
import { redactingExporter } from './trace-redaction';

/**
 * Traces (OpenTelemetry), exported over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it
 * nothing of the SDK is loaded: every import below is dynamic, and the helpers answer "no trace".
 * What is exported goes through the logs' redaction rules (trace-redaction.ts).
 *
 * It must start before fastify, pg, ioredis and node:http are loaded, or their instrumentations
 * find nothing to patch: main.ts starts it, then imports the server (a separate chunk of the
 * bundle, whose package imports run only then).
 */

export type TraceIds = { traceId: string; spanId: string };

let current: () => TraceIds | undefined = () => undefined;
let stop: () => Promise<void> = async () => {};
let tracePgliteQueries: (pglite: PGlite) => Promise<void> = async () => {};

/**
 * Gives an embedded PGlite query spans when traces are on (no instrumentation patches it as
 * `pg` is patched); does nothing otherwise. db/client.ts calls it on every PGlite it opens.
 */
export const instrumentPglite = (pglite: PGlite): Promise<void> => tracePgliteQueries(pglite);

/** The active span's trace and span ids, when traces are on and a span is active. */
export const activeTraceIds = (): TraceIds | undefined => current();

/** Sends the spans still buffered, then stops (shutdown; a no-op when traces are off). */
export const stopTelemetry = (): Promise<void> => stop();

/** Starts tracing when an OTLP endpoint is configured; returns whether it did. */
export async function startTelemetry(config: AppConfig['telemetry']): Promise<boolean> {
  if (!config.endpoint) return false;
  const [{ register }, iitm, api, { NodeSDK }, exporter, http, fastify, pg, ioredis] =
    await Promise.all([
      import('node:module'),
      import('import-in-the-middle'),
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-node'),
      config.protocol === 'http/json'
        ? import('@opentelemetry/exporter-trace-otlp-http')
        : import('@opentelemetry/exporter-trace-otlp-proto'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-fastify'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  // The server's code imports its packages (CommonJS ones too) as ES modules, which the
  // instrumentations' require hook never sees: Node's loader hook (import-in-the-middle) hands
  // them over, for the modules the instrumentations ask for only (the channel tells it which).
  const channel = iitm.createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, channel.registerOptions);
  // Traces only: the SDK would otherwise also push metrics and logs to the collector (metrics are
  // GET /metrics', logs go to stdout). The operator can still ask for them.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  /**
   * Fastify's handler span, named after its route, and no span per hook: those were ten per
   * request, named after whatever the bundler called each hook function ("middleware -
   * onRequest2"). A hook's span is replaced by its parent's context, so a query run in a hook
   * (the session lookup) hangs under the request's span, as if the hook were part of it.
   */
  const fastifySpan: Tracer['startSpan'] = function (this: Tracer, name, options, ctx) {
    const attributes = options?.attributes ?? {};
    if (attributes['fastify.type'] === 'middleware')
      return api.trace.wrapSpanContext(
        api.trace.getSpanContext(ctx ?? api.context.active()) ?? api.INVALID_SPAN_CONTEXT,
      );
    if (attributes['fastify.type'] !== 'request_handler') return this.startSpan(name, options, ctx);
    // Not the handler's function name, nor (for the not-found handler) the whole chain of
    // plugins it was registered under: the route, which the bundler does not rename.
    const { ['plugin.name']: plugin, ...rest } = attributes;
    const route = attributes['http.route'];
    return this.startSpan(
      `request handler ${typeof route === 'string' ? route : '(no route)'}`,
      {
        ...options,
        attributes: typeof plugin === 'string' && plugin.includes(' -> ') ? rest : attributes,
      },
      ctx,
    );
  };
  class FastifyHandlerInstrumentation extends fastify.FastifyInstrumentation {
    #wrapped?: { of: Tracer; tracer: Tracer };
    protected override get tracer(): Tracer {
      const of = super.tracer;
      if (this.#wrapped?.of !== of)
        this.#wrapped = {
          of,
          tracer: { startSpan: fastifySpan.bind(of), startActiveSpan: of.startActiveSpan.bind(of) },
        };
      return this.#wrapped.tracer;
    }
  }
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    // Spans leave the process with the logs' redaction rules applied (trace-redaction.ts).
    traceExporter: redactingExporter(
      new exporter.OTLPTraceExporter({
        url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces`,
      }),
    ),
    instrumentations: [
      new http.HttpInstrumentation({
        // Health checks and metrics scrapes every few seconds would drown the requests.
        ignoreIncomingRequestHook: (req) => /^\/(api\/health|metrics)(\/|\?|$)/.test(req.url ?? ''),
      }),
      new FastifyHandlerInstrumentation(),
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new ioredis.IORedisInstrumentation({
        requireParentSpan: true,
        // The command only: its keys name who is counted (the rate limits' IP addresses,
        // accounts, e-mail addresses), its arguments are values.
        dbStatementSerializer: (command, args) => `${command} [${args.length} arguments]`,
      }),
    ],
  });
  sdk.start();
  await channel.waitForAllMessagesAcknowledged();
  current = () => {
    const ids = api.trace.getActiveSpan()?.spanContext();
    return ids && api.isSpanContextValid(ids)
      ? { traceId: ids.traceId, spanId: ids.spanId }
      : undefined;
  };
  tracePgliteQueries = async (pglite) => {
    const { tracePglite } = await import('./pglite-tracing');
    tracePglite(pglite, api);
  };
  stop = async () => {
    stop = async () => {};
    current = () => undefined;
    tracePgliteQueries = async () => {};
    await sdk.shutdown().catch(() => undefined);
  };
  return true;
}
