import { closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * A tiny OTLP/HTTP trace receiver (what a collector's `otlphttp` receiver takes): POST
 * /v1/traces with the JSON encoding; every span received is kept, flattened.
 */
export interface ReceivedSpan {
  name: string;
  kind: number;
  service: string | undefined;
  attributes: Record<string, string | number | boolean>;
}

export interface FakeOtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

function flatten(attributes: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes ?? []) {
    out[key] = value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue);
  }
  return out;
}

export async function startFakeOtlpReceiver(): Promise<FakeOtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const { server, url } = await listen(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/traces") return sendJson(res, 404, {});
    const body = JSON.parse(await readBody(req)) as {
      resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: Array<{ name: string; kind: number; attributes?: KeyValue[] }> }> }>;
    };
    for (const resource of body.resourceSpans ?? []) {
      const service = flatten(resource.resource?.attributes)["service.name"];
      for (const scope of resource.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) spans.push({ name: span.name, kind: span.kind, service: service === undefined ? undefined : String(service), attributes: flatten(span.attributes) });
      }
    }
    sendJson(res, 200, {});
  });
  return { url, spans, close: () => closeServer(server) };
}
