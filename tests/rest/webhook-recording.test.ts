import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/actors";
import { api } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource, suiteSetUp } from "../support/suite-resource";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { within } from "../support/within";

/**
 * Attempts that end together are recorded in one transaction. An endpoint deleted while its
 * attempt was in flight takes its delivery row with it; that must not cost the other attempts
 * of the batch their record. Before the fix the whole batch failed on the deleted delivery, the
 * other rows' leases ran out (WEBHOOK_TIMEOUT_SECONDS + 5 s) and they were sent a second time.
 */
describe("recording webhook attempts", () => {
  const service = suiteService({ label: "webhook-recording", env: { WEBHOOK_RETRY_SCHEDULE: "0,1,1", HEALTH_CHECK_INTERVAL_SECONDS: "0" } });
  const receiver = suiteResource(startWebhookReceiver, (started) => started.close());
  const owner = suiteSetUp(async () => (await signedInOwner(service, { slugPrefix: "hookrec" })).user);

  const createEndpoint = async (path: string) => {
    const res = await api(service, "/api/webhooks", { method: "POST", cookie: owner.cookie, json: { url: `${receiver.url}${path}`, eventTypes: ["deployment.created"] } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const attemptsOf = async (endpointId: string) =>
    (
      await service.db.query(
        "select a.response_status from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1 order by a.id",
        [endpointId],
      )
    ).rows.map((row) => row.response_status);

  it("keeps the record of an attempt that ended beside one whose endpoint was deleted meanwhile, and sends it once", async () => {
    receiver.script("/doomed", [{ heldThen: 200 }]);
    receiver.script("/kept", [{ heldThen: 410 }]);
    const doomed = await createEndpoint("/doomed");
    const kept = await createEndpoint("/kept");
    const deployed = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "recorded-tool", upstreamUrl: "http://127.0.0.1:9" } });
    expect(deployed.status, deployed.text).toBe(201);
    await Promise.all([receiver.waitFor("/doomed", 1), receiver.waitFor("/kept", 1)]);

    const deleted = await api(service, `/api/webhooks/${doomed}`, { method: "DELETE", cookie: owner.cookie });
    expect(deleted.status, deleted.text).toBe(204);
    receiver.releaseHeld();

    // Recorded within seconds, not after the lease runs out: the 410 disables the endpoint.
    await within(5_000, async () => (await attemptsOf(kept)).length > 0);
    expect(await attemptsOf(kept)).toEqual([410]);
    const view = await api(service, `/api/webhooks/${kept}`, { cookie: owner.cookie });
    expect(view.body).toMatchObject({ enabled: false, disabledReason: "Disabled: the endpoint answered 410 Gone" });
    expect(receiver.received.filter((hook) => hook.path === "/kept")).toHaveLength(1);
    expect((await service.db.query("select count(*)::int as n from webhook_deliveries where endpoint_id = $1", [doomed])).rows[0].n).toBe(0);
  });
});
