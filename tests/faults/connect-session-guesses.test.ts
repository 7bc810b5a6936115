import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "../support/http";
import { signedInOwner } from "../support/actors";
import { suiteService } from "../support/service";
import { brokerEnv, suiteFakeBroker } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { catalogFile } from "../support/oauth";

/**
 * Issue 17 section 2: `svc_cs_` connect-session guesses (the `app_key` of an OAuth start)
 * were never limited, while `svc_sk_` key guesses are limited per address from the 31st
 * failure. Both now count in the same per-address limit, and the 429 comes before any lookup.
 */
describe("connect-session guesses", () => {
  const broker = suiteFakeBroker();
  const service = suiteService(() => ({
    label: "cs_flood",
    env: { INTEGRATIONS_FILE: catalogFile([broker.catalogRow("github")]), ...brokerEnv(broker), KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: "30" },
  }));
  const cs = suiteSetUp(() => signedInOwner(service, { slugPrefix: "cs" }));

  it("answers 30 wrong svc_cs_ guesses 401 invalid_app_key, then 429 before any lookup", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const guess = `svc_cs_${randomBytes(32).toString("base64url")}`;
      const res = await api(service, `/api/oauth/broker/github/start?embed=1&internal=1&app_key=${guess}`, { cookie: cs.user.cookie });
      statuses.push(res.status);
      if (res.status === 401) expect(res.body).toMatchObject({ error: "invalid_app_key" });
      if (res.status === 429) expect(res.body).toEqual({ message: "Rate limit exceeded" });
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    // The limit is the one svc_sk_ guesses share: a key guess from here is refused too.
    const key = await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer svc_sk_${randomBytes(24).toString("base64url")}` } });
    expect(key.status).toBe(429);
    expect(broker.linkRequests).toEqual([]);
  });
});
