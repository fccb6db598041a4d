import type { AppConfig } from '../config';

/**
 * Traces (OpenTelemetry), exported over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it
 * nothing of the SDK is loaded: every import below is dynamic, and the helpers answer "no trace".
 *
 * It must start before fastify, pg, ioredis and node:http are loaded, or their instrumentations
 * find nothing to patch: main.ts starts it, then imports the server (a separate chunk of the
 * bundle, whose package imports run only then).
 */

export type TraceIds = { traceId: string; spanId: string };

let current: () => TraceIds | undefined = () => undefined;
let stop: () => Promise<void> = async () => {};

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
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: new exporter.OTLPTraceExporter({
      url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces`,
    }),
    instrumentations: [
      new http.HttpInstrumentation({
        // Health checks and metrics scrapes every few seconds would drown the requests.
        ignoreIncomingRequestHook: (req) => /^\/(api\/health|metrics)(\/|\?|$)/.test(req.url ?? ''),
      }),
      new fastify.FastifyInstrumentation(),
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
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
  stop = async () => {
    stop = async () => {};
    current = () => undefined;
    await sdk.shutdown().catch(() => undefined);
  };
  return true;
}
