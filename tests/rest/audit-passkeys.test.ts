import { AuthClient } from "@supabase/auth-js";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { SoftwareAuthenticator } from "../support/software-authenticator";

/**
 * Issue 20 section 4: a passkey registered or removed is recorded in each of the person's
 * workspaces (like a second factor), in the transaction of the change; a refused attempt
 * (a credential that does not verify, an unknown passkey) writes nothing. Driven by unmodified auth-js.
 */
describe("audit log: passkeys", () => {
  const service = sharedService();
  let ws: TenantOwner;
  let other: TenantOwner;

  beforeAll(async () => {
    ws = await signedInOwner(service, { slugPrefix: "apk" });
    // The owner is also a member of a second workspace: both record the account's passkeys.
    other = await signedInOwner(service, { slugPrefix: "apk2" });
    await invitedPerson(service, other.user, "member", ws.user);
  }, 120_000);

  const count = async (tenantId: string) => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [tenantId])).rows[0].n as number;
  const rows = async (tenantId: string, action: string, after: number) =>
    (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 and seq > $3 order by seq`, [tenantId, action, after])).rows.map(
      (r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }),
    );

  it("records a passkey registered and removed in each of the person's workspaces, and nothing for a refused attempt", async () => {
    const auth = new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    expect((await auth.signInWithPassword({ email: ws.user.email, password: ws.user.password })).error).toBeNull();
    const device = new SoftwareAuthenticator(service.url.replace("127.0.0.1", "localhost"));
    const marks = [await count(ws.tenantId), await count(other.tenantId)];

    // A credential signed over another challenge does not verify: no passkey, no row.
    const first = await auth.passkey.startRegistration();
    const second = await auth.passkey.startRegistration();
    expect((await auth.passkey.verifyRegistration({ challengeId: first.data!.challenge_id, credential: device.register(second.data!.options) as never })).error).not.toBeNull();
    expect([await count(ws.tenantId), await count(other.tenantId)]).toEqual(marks);

    const options = await auth.passkey.startRegistration();
    const registered = await auth.passkey.verifyRegistration({ challengeId: options.data!.challenge_id, credential: device.register(options.data!.options) as never });
    expect(registered.error).toBeNull();
    const passkeyId = registered.data!.id;
    const me = { type: "person", id: ws.user.userId, email: ws.user.email };
    const row = { actor: me, target: `passkey:${passkeyId}`, changes: { friendlyName: "Passkey" } };
    expect(await rows(ws.tenantId, "passkey.enrolled", marks[0]!)).toEqual([row]);
    expect(await rows(other.tenantId, "passkey.enrolled", marks[1]!)).toEqual([row]);

    const afterEnrol = [await count(ws.tenantId), await count(other.tenantId)];
    expect((await auth.passkey.delete({ passkeyId: "00000000-0000-4000-8000-000000000000" })).error).toMatchObject({ status: 404 });
    expect([await count(ws.tenantId), await count(other.tenantId)]).toEqual(afterEnrol);

    expect((await auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect(await rows(ws.tenantId, "passkey.removed", marks[0]!)).toEqual([row]);
    expect(await rows(other.tenantId, "passkey.removed", marks[1]!)).toEqual([row]);
  });
});
