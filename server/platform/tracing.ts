import type { Span, Tracer } from "@opentelemetry/api";
import type { TracerProvider } from "@opentelemetry/sdk-trace";
import { getConfig } from "./config";
import { log } from "./log";

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (`<endpoint>/v1/traces`). Off by default, and then free: the SDK is imported only when
 * tracing starts, and the request path asks `tracer()` once per server, not per request.
 */
let provider: TracerProvider | undefined;
let active: Tracer | undefined;
let serverKind = 1; // SpanKind.SERVER, read from the API once it is loaded

export async function startTracing(): Promise<void> {
  const config = getConfig();
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT || active) return;
  const [api, sdk, exporter, resources] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  serverKind = api.SpanKind.SERVER;
  provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ "service.name": config.OTEL_SERVICE_NAME }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new exporter.OTLPTraceExporter(), scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY })],
  });
  active = provider.getTracer("svc");
  log.info(`tracing: spans go to ${config.OTEL_EXPORTER_OTLP_ENDPOINT} over OTLP/HTTP`);
}

/** The tracer while tracing is on; undefined when off. */
export function tracer(): Tracer | undefined {
  return active;
}

export function startServerSpan(name: string, attributes: Record<string, string | number>): Span | undefined {
  return active?.startSpan(name, { kind: serverKind, attributes });
}

/** Sends what is still batched (on shutdown), then stops. */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  active = undefined;
  await stopping?.shutdown().catch((error: unknown) => log.warn("tracing: could not send the last spans", { message: (error as Error).message }));
}
