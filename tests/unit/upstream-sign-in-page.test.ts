import { afterEach, describe, expect, it } from "vitest";
import type { Caller } from "../../app/lib/caller.server";
import { failureOf, upstreamButtons, upstreamFailureSentence } from "../../app/lib/upstream-sign-in.server";
import { resetConfig } from "../../server/platform/config";

/**
 * Issue 31, 2 (ADR 078): which buttons /login and /signup show, with which names, and the
 * sentence a failed upstream sign-in ends with (GoTrue's error parameters read as a kind).
 */
const callerWith = (external: Record<string, boolean>) => ({ idp: { settings: async () => ({ external }) } }) as unknown as Caller;

describe("the sign-in pages' provider buttons", () => {
  const saved = process.env.EXTERNAL_KEYCLOAK_NAME;
  afterEach(() => {
    if (saved === undefined) delete process.env.EXTERNAL_KEYCLOAK_NAME;
    else process.env.EXTERNAL_KEYCLOAK_NAME = saved;
    resetConfig();
  });

  it("names each enabled provider, the OpenID one by EXTERNAL_KEYCLOAK_NAME, in GoTrue's order", async () => {
    process.env.EXTERNAL_KEYCLOAK_NAME = "Acme SSO";
    resetConfig();
    expect(await upstreamButtons(callerWith({ email: true, keycloak: true, google: true, github: true, gitlab: false }))).toEqual([
      { provider: "github", label: "GitHub" },
      { provider: "google", label: "Google" },
      { provider: "keycloak", label: "Acme SSO" },
    ]);
  });

  it("shows none when no provider is enabled (email and anonymous sign-ins are not buttons)", async () => {
    expect(await upstreamButtons(callerWith({ email: true, anonymous_users: true, github: false, google: false, keycloak: false }))).toEqual([]);
  });
});

describe("a failed upstream sign-in's sentence", () => {
  it("reads GoTrue's error parameters as a kind", () => {
    expect(failureOf("access_denied", null)).toBe("cancelled");
    expect(failureOf("access_denied", "provider_email_needs_verification")).toBe("unverified-email");
    expect(failureOf("invalid_request", "flow_state_already_used")).toBe("expired");
    expect(failureOf("server_error", "unexpected_failure")).toBe("unavailable");
    expect(failureOf("server_error", null)).toBe("failed");
  });

  it("says it in a sentence naming the provider; nothing without the query, a generic name for an unknown provider", () => {
    const sentence = (query: string) => upstreamFailureSentence(new URLSearchParams(query));
    expect(sentence("upstream=github&failure=cancelled")).toBe("GitHub sign-in was cancelled.");
    expect(sentence("upstream=google&failure=unverified-email")).toBe(
      "Google did not give a verified email address for this sign-in. Verify your address with Google, or sign in with your password.",
    );
    expect(sentence("upstream=&failure=expired")).toBe("The sign-in expired or was started in another browser. Try again.");
    expect(sentence("upstream=<script>&failure=failed")).toBe("The sign-in did not work. Try again, or sign in another way.");
    expect(sentence("upstream=github&failure=made-up")).toBeNull();
    expect(sentence("redirectTo=%2Fprofile")).toBeNull();
  });
});
