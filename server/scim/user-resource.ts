import { invalidSyntax, invalidValue } from "./scim-error";
import { USER_SCHEMA } from "./scim-schemas";
import { boolean, email, isEmail, text } from "./scim-values";

/** What this service keeps of a SCIM User (RFC 7643 section 4.1), judged. */
export interface UserFields {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string;
  active: boolean;
}

/**
 * A User body (POST, PUT, or a patched resource) read strictly: `schemas` names the core User
 * schema, `userName` is required, and an email (the primary one, else the first, else a
 * `userName` that is one) names the account.
 */
export function readUser(body: unknown): UserFields {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidSyntax("A User is a JSON object");
  const user = body as Record<string, unknown>;
  if (!Array.isArray(user.schemas) || !user.schemas.some((s) => typeof s === "string" && s.toLowerCase() === USER_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A User names the schema ${USER_SCHEMA}`);
  }
  const userName = text(user.userName, "userName", true)!;
  const name = user.name ?? {};
  if (typeof name !== "object" || Array.isArray(name)) throw invalidValue("name is an object");
  const names = name as Record<string, unknown>;
  if (user.emails !== undefined && user.emails !== null && !Array.isArray(user.emails)) throw invalidValue("emails is a list");
  const emails = (user.emails as unknown[] | undefined) ?? [];
  if (emails.length > 20) throw invalidValue("emails has at most 20 values");
  for (const each of emails) if (!each || typeof each !== "object") throw invalidValue("Each of emails is an object with a value");
  const chosen = (emails as Record<string, unknown>[]).find((each) => boolean(each.primary, "emails.primary", false)) ?? (emails[0] as Record<string, unknown> | undefined);
  let address: string;
  if (chosen) address = email(chosen.value, "emails.value");
  else if (isEmail(userName)) address = userName.toLowerCase();
  else throw invalidValue("A User needs an email: emails[].value, or a userName that is one");
  return {
    userName,
    externalId: text(user.externalId, "externalId"),
    displayName: text(user.displayName, "displayName"),
    givenName: text(names.givenName, "name.givenName"),
    familyName: text(names.familyName, "name.familyName"),
    email: address,
    active: boolean(user.active, "active", true),
  };
}
