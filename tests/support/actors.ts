import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "./http";
import { trpc } from "./trpc";

/**
 * The people most suites need, set up over HTTP as a person would do it: an owner who signed
 * up and created a workspace, an app of theirs with a key, and people who joined that
 * workspace through an invitation. Each step throws with the service's answer when refused,
 * so a broken set-up fails the suite's beforeAll, not some later assertion.
 */

export interface TenantOwner {
  user: TestUser;
  tenantId: string;
  slug: string;
}

/**
 * Signs up a new person (or takes `user`, already signed up) and creates their workspace (the
 * first account of a service is its administrator).
 */
export async function signedInOwner(service: { url: string }, options: { slugPrefix?: string; slug?: string; name?: string; email?: string; user?: TestUser } = {}): Promise<TenantOwner> {
  const user = options.user ?? (await signUp(service, options.email ?? uniqueEmail()));
  const slug = options.slug ?? uniqueSlug(options.slugPrefix);
  const tenant = await createTenant(service, user, slug, options.name);
  return { user, tenantId: tenant.id, slug };
}

/** An app in the user's workspace and a key for it (`svc_sk_…`). */
export async function appWithKey(service: { url: string }, user: TestUser, name = "Keyed"): Promise<{ appId: string; apiKey: string }> {
  const app = await trpc(service, user, "apps.create", { name });
  if (app.status !== 200) throw new Error(`apps.create failed: ${app.status} ${app.error?.message}`);
  const key = await trpc(service, user, "keys.create", { appId: app.data.id });
  if (key.status !== 200) throw new Error(`keys.create failed: ${key.status} ${key.error?.message}`);
  return { appId: app.data.id, apiKey: key.data.apiKey };
}

/** Invites `person` (a new sign-up unless given) into the owner's workspace with `role`; they accept on the invitation page. */
export async function invitedPerson(service: { url: string }, owner: TestUser, role: "member" | "viewer", person?: TestUser): Promise<TestUser> {
  const joining = person ?? (await signUp(service));
  const invited = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: joining.email, role } });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.text}`);
  const token = String(invited.body.url).split("/").pop();
  const accepted = await fetch(`${service.url}/invite/${token}`, { method: "POST", headers: { cookie: joining.cookie }, redirect: "manual" });
  if (accepted.status !== 302) throw new Error(`accepting the invitation failed: ${accepted.status} ${await accepted.text()}`);
  return joining;
}

/** A new person with a workspace of their own and an app in it with a key (see signedInOwner and appWithKey). */
export async function ownerWithApp(
  service: { url: string },
  options: { slugPrefix?: string; name?: string; appName?: string },
): Promise<TenantOwner & { appId: string; apiKey: string }> {
  const owner = await signedInOwner(service, options);
  return { ...owner, ...(await appWithKey(service, owner.user, options.appName)) };
}

/**
 * A new owner's workspace and a new person invited into it for each entry of `people`, in
 * their order, by role: `workspaceWithPeople(service, { people: { viewer: "viewer", member: "member" } })`
 * gives the owner's fields and `viewer` and `member`.
 */
export async function workspaceWithPeople<Name extends string>(
  service: { url: string },
  options: { slugPrefix?: string; name?: string; people: Record<Name, "member" | "viewer"> },
): Promise<TenantOwner & Record<Name, TestUser>> {
  const owner = await signedInOwner(service, options);
  const people = {} as Record<Name, TestUser>;
  for (const [name, role] of Object.entries(options.people) as [Name, "member" | "viewer"][]) people[name] = await invitedPerson(service, owner.user, role);
  return { ...owner, ...people };
}
