import { Migration } from "../../platform/db/mikro-orm";

/**
 * OpenID Connect enterprise connections (issue 32 item 2, ADR 085): a sign-in through an OpenID
 * provider keeps, between `POST /auth/v1/sso` and our callback, the `nonce` the ID token must
 * carry and the PKCE verifier of the code we asked the issuer for. They ride on the relay-state
 * row (one row per sign-in, taken once on any instance), so the two kinds share one table.
 */
export class Migration20261129000082_sso_oidc_states extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sso_relay_states add column oidc_nonce text null, add column oidc_code_verifier text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table sso_relay_states drop column oidc_nonce, drop column oidc_code_verifier;`);
  }
}
