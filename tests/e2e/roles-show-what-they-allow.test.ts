import { beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";

/**
 * Issue 17, 1: a page shows only the forms the role may submit (server/members/permissions.ts),
 * and a page turned away from says why. Viewers used to see "Create an app", "Create a key",
 * "Add a variable" and every Revoke/Edit/Delete, each ending in a 403 when submitted; a
 * member sent away from the owner's settings landed on the dashboard with no word.
 */
describe("roles show only what they allow", () => {
  const service = sharedService();
  let owner: TestUser;
  let appId: string;
  const people: Record<"member" | "viewer", TestUser> = {} as never;

  beforeAll(async () => {
    owner = await signUp(service);
    await createTenant(service, owner, uniqueSlug("roles"), "Roles Co");
    appId = (await trpc(service, owner, "apps.create", { name: "Billing" })).data.id;
    expect((await trpc(service, owner, "apps.setEnv", { appId, key: "API_TOKEN", value: "t0ken" })).status).toBe(200);
    expect((await trpc(service, owner, "keys.create", { appId, name: "worker" })).status).toBe(200);
    for (const role of ["member", "viewer"] as const) {
      const person = await signUp(service);
      const invited = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: person.email, role } });
      const token = invited.body.url.slice(invited.body.url.lastIndexOf("/") + 1);
      const accepted = await fetch(`${service.url}/invite/${token}`, { method: "POST", headers: { cookie: person.cookie }, redirect: "manual" });
      expect(accepted.status).toBe(302);
      people[role] = person;
    }
  }, 90_000);

  const page = async (as: TestUser, path: string) => {
    const res = await fetch(`${service.url}${path}`, { headers: { cookie: as.cookie }, redirect: "manual" });
    return { status: res.status, location: res.headers.get("location"), html: await res.text() };
  };

  it("a viewer sees the apps, keys and variables, and no form to change them", async () => {
    const viewer = people.viewer;
    const apps = await page(viewer, "/apps");
    expect(apps.status).toBe(200);
    expect(apps.html).toContain("Billing");
    expect(apps.html).not.toContain("Create an app");
    expect(apps.html).toContain("Viewers see the workspace&#x27;s apps; members and owners create them.");

    const keys = await page(viewer, "/keys");
    expect(keys.status).toBe(200);
    expect(keys.html).toContain("worker");
    expect(keys.html).not.toContain("Create a key");
    expect(keys.html).not.toContain('value="revoke"');

    const detail = await page(viewer, `/apps/${appId}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain("API_TOKEN");
    for (const text of ["Add a variable", "Edit API_TOKEN", 'value="delete"', "Rename", "Type Billing to confirm"]) expect(detail.html, text).not.toContain(text);
  });

  it("a member sees every form a member may submit", async () => {
    const member = people.member;
    expect((await page(member, "/apps")).html).toContain("Create an app");
    const keys = await page(member, "/keys");
    expect(keys.html).toContain("Create a key");
    expect(keys.html).toContain('value="revoke"');
    const detail = await page(member, `/apps/${appId}`);
    for (const text of ["Add a variable", "Edit API_TOKEN", 'value="delete"']) expect(detail.html, text).toContain(text);
  });

  it("settings turn a member away to the dashboard with the owner-only notice", async () => {
    const settings = await page(people.member, "/settings");
    expect([settings.status, settings.location]).toEqual([302, "/dashboard?notice=owner-only"]);
    const dashboard = await page(people.member, "/dashboard?notice=owner-only");
    expect(dashboard.html).toContain("That page is for the workspace&#x27;s owner: ask them to change the workspace&#x27;s settings.");
    // Nor does the dashboard point a member at it.
    expect(dashboard.html).not.toContain('href="/settings"');
    expect((await page(owner, "/dashboard")).html).toContain('href="/settings"');
  });
});
