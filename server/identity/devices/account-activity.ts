import type { EntityManager } from "@mikro-orm/postgresql";
import { listAccountEvents, type AccountActivityAction, type AccountEventRow } from "../../changes";
import { describeUserAgent } from "./user-agent";

/** One row of the profile's "Recent account activity": what happened in words, and from where. */
export interface AccountActivityEntry {
  id: string;
  time: string;
  /** The audit log's dotted action, for programs; people read `summary`. */
  action: AccountActivityAction;
  summary: string;
  /** Who did it when it was not the person (an administrator, a key, the service); null when it was them. */
  by: string | null;
  browser: string;
  system: string;
  address: string | null;
}

export interface AccountActivityPage {
  entries: AccountActivityEntry[];
  nextCursor: string | null;
  /** False: the person is in no workspace, and their account's events are recorded in workspaces only (ADR 047). */
  recorded: boolean;
}

const quoted = (name: unknown) => (typeof name === "string" && name !== "" ? ` "${name}"` : "");

/** A two-step method by the factor type the row keeps. */
function factorNoun(changes: Record<string, unknown>): string {
  if (changes.factorType === "totp") return `Authenticator app${quoted(changes.friendlyName)}`;
  if (changes.factorType === "webauthn") return `Security key${quoted(changes.friendlyName)}`;
  return "Two-step method";
}

/** The event in words, from the action and the names its row keeps. */
function summarize(action: AccountActivityAction, changes: Record<string, unknown>): string {
  switch (action) {
    case "session.signed_in":
      return "Signed in";
    case "session.sign_in_failed":
      return changes.method === "password" ? "Sign-in failed: wrong password" : "Sign-in failed";
    case "session.signed_out":
      return "Signed out";
    case "session.revoked":
      return "Signed-in session ended";
    case "factor.enrolled":
      return changes.factorType === "recovery_code" ? "Recovery codes created" : `${factorNoun(changes)} added for two-step sign-in`;
    case "factor.removed":
      return changes.factorType === "recovery_code" ? "Recovery codes removed" : `${factorNoun(changes)} removed from two-step sign-in`;
    case "passkey.enrolled":
      return `Passkey${quoted(changes.friendlyName)} added`;
    case "passkey.removed":
      return `Passkey${quoted(changes.friendlyName)} removed`;
    case "recovery_codes.used":
      return "Recovery code used";
    case "recovery_codes.regenerated":
      return "Recovery codes replaced by a new set";
    case "profile.updated":
      return profileSummary(changes);
    case "identity.linked":
      return `${providerName(changes.provider)} linked for sign-in`;
    case "identity.unlinked":
      return `${providerName(changes.provider)} unlinked from sign-in`;
  }
}

/** An identity's provider as people call it (the audit row keeps GoTrue's name). */
function providerName(provider: unknown): string {
  const names: Record<string, string> = { email: "Email and password", github: "GitHub", google: "Google" };
  return typeof provider === "string" ? (names[provider] ?? provider) : "A sign-in method";
}

/** "Display name changed to "Ada"", "Profile picture uploaded", or both. */
function profileSummary(changes: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof changes.displayName === "string") parts.push(changes.displayName === "" ? "Display name cleared" : `Display name changed to${quoted(changes.displayName)}`);
  if (changes.avatar === "uploaded") parts.push("Profile picture uploaded");
  if (changes.avatar === "removed") parts.push("Profile picture removed");
  return parts.join("; ") || "Profile changed";
}

function actedBy(row: AccountEventRow, userId: string): string | null {
  const { actor } = row;
  if (actor.type === "person") return actor.id === userId ? null : actor.email;
  if (actor.type === "key") return `key ${actor.name ?? actor.id.slice(0, 8)}`;
  if (actor.type === "oauth_client") return `application ${actor.name ?? actor.id}`;
  return "the service";
}

/**
 * The signed-in person's own account events across their workspaces, newest first (issue 20
 * section 4): members and viewers see theirs too, though only owners read `/audit`. Browser
 * and system come from the user agent as in "Where you're signed in".
 */
export async function listAccountActivity(em: EntityManager, userId: string, input: { cursor?: string; limit: number }): Promise<AccountActivityPage> {
  const page = await listAccountEvents(em, userId, input);
  return {
    entries: page.events.map((row) => {
      const { browser, system } = describeUserAgent(row.userAgent);
      return { id: row.id, time: row.time, action: row.action, summary: summarize(row.action, row.changes), by: actedBy(row, userId), browser, system, address: row.address };
    }),
    nextCursor: page.nextCursor,
    recorded: page.recorded,
  };
}
