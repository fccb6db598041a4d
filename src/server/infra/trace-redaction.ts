import type { NodeSDK } from '@opentelemetry/sdk-node';
import { redactTraceAttributes, redactTraceText } from '@shared/redaction';

/**
 * What leaves the process of a trace goes through the logs' redaction rules
 * (src/shared/redaction.ts): every finished span is copied with its name, attributes, events
 * and status message redacted before the real exporter sees it. Doing it at the exporter, not in
 * each instrumentation, also covers attributes a future instrumentation adds.
 */

export type SpanExporter = NonNullable<
  NonNullable<ConstructorParameters<typeof NodeSDK>[0]>['traceExporter']
>;
export type ReadableSpan = Parameters<SpanExporter['export']>[0][number];

/** A copy of the span with nothing personal or secret in it (the original is left alone). */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: redactTraceText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status:
      span.status.message === undefined
        ? span.status
        : { ...span.status, message: redactTraceText(span.status.message) },
    attributes: redactTraceAttributes(span.attributes),
    links: span.links.map((link) =>
      link.attributes ? { ...link, attributes: redactTraceAttributes(link.attributes) } : link,
    ),
    events: span.events.map((event) => ({
      ...event,
      name: redactTraceText(event.name),
      attributes: event.attributes && redactTraceAttributes(event.attributes),
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** The exporter, handed redacted copies of the spans. */
export function redactingExporter(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(redactSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
