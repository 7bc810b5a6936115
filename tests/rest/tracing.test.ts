import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signUp } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { startFakeOtlpReceiver, type FakeOtlpReceiver, type ReceivedSpan } from "../fakes/otlp-receiver";

/** Issue 18, 5: OpenTelemetry traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
describe("tracing over OTLP", () => {
  let service: RunningService;
  let receiver: FakeOtlpReceiver;

  beforeAll(async () => {
    receiver = await startFakeOtlpReceiver();
    service = await startService({ label: "tracing", env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100", OTEL_SERVICE_NAME: "svc-under-test" } });
  });
  afterAll(async () => {
    await service?.stop();
    await receiver?.close();
  });

  async function spanWhere(match: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const span = receiver.spans.find(match);
      if (span) return span;
      if (Date.now() > deadline) throw new Error(`no such span among ${JSON.stringify(receiver.spans.map((s) => s.name))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("exports a server span named by the route's declared path, never the URL", async () => {
    const owner = await signUp(service);
    const res = await api(service, "/api/deployments/no-such-tool", { cookie: owner.cookie });
    const requestId = res.headers.get("x-request-id")!;
    const span = await spanWhere((s) => s.attributes["svc.request_id"] === requestId);
    expect(span).toEqual({
      name: "GET /api/deployments/{name}",
      kind: 2, // SERVER in OTLP's encoding
      service: "svc-under-test",
      attributes: {
        "http.request.method": "GET",
        "http.route": "/api/deployments/{name}",
        "url.path": "/api/deployments/no-such-tool",
        "http.response.status_code": res.status,
        "svc.request_id": requestId,
      },
    });
  });

  it("names the fast path's answers too (GET /api/auth/me)", async () => {
    const res = await api(service, "/api/auth/me");
    const requestId = res.headers.get("x-request-id")!;
    const span = await spanWhere((s) => s.attributes["svc.request_id"] === requestId);
    expect([span.name, span.attributes["http.route"], span.attributes["http.response.status_code"]]).toEqual(["GET /api/auth/me", "/api/auth/me", 200]);
  });
});
