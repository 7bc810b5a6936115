import { afterAll, beforeAll } from "vitest";
import { startService, type RunningService } from "../support/service";
import { CONTRACT_REPLAY_ENV, describeContractReplay } from "../support/contract-replay";

/** The OpenAPI document's examples, replayed against one service (the replay: tests/support/contract-replay.ts). */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "openapi", env: CONTRACT_REPLAY_ENV });
});
afterAll(() => service?.stop());

describeContractReplay("the OpenAPI document's examples, replayed against the service", () => service);
