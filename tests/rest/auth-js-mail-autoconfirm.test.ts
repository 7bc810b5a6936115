import { AuthClient } from "@supabase/auth-js";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { suiteServiceWithMail } from "../support/mail-service";

/**
 * GoTrue's MAILER_AUTOCONFIRM with mail (what Supabase's own auth-js suite runs against): a
 * sign-up gets its session at once and no confirmation mail, while everything else that
 * mails (here a sign-in code) still goes out.
 */
const { smtp, service } = suiteServiceWithMail({ label: "authjs-autoconfirm", env: { MAILER_AUTOCONFIRM: "true" } });

const client = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

describe("MAILER_AUTOCONFIRM with mail", () => {
  it("signs up with a session at once and mails no confirmation; a second sign-up is GoTrue's 422", async () => {
    const email = uniqueEmail("autoconfirm");
    const { data, error } = await client().signUp({ email, password: "correct horse battery" });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await client().signUp({ email, password: "correct horse battery" })).error).toMatchObject({ status: 422, code: "user_already_exists" });

    expect((await client().signInWithOtp({ email })).error).toBeNull();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    expect(smtp.received.find((m) => m.to.includes(email))!.raw).toContain("Subject: Your sign-in link");
  });
});
