import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 20: GoTrue's WebAuthn MFA factor (`factor_type = 'webauthn'`) lives in the one factor
 * table beside TOTP and recovery codes. Its credential, once the create ceremony verifies it,
 * is kept as JSON (id, public key, counter, transports), as GoTrue keeps `web_authn_credential`.
 * Its ceremonies' challenges live in the factors' one challenge table, as GoTrue keeps
 * `web_authn_session_data` there: the WebAuthn challenge beside the factor, address and time.
 */
export class Migration20261126000034_webauthn_factors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_mfa_factors drop constraint auth_mfa_factors_factor_type_check;`);
    this.addSql(`alter table auth_mfa_factors add constraint auth_mfa_factors_factor_type_check check (factor_type in ('totp', 'recovery_code', 'webauthn'));`);
    this.addSql(`alter table auth_mfa_factors add column web_authn_credential jsonb;`);
    this.addSql(`alter table auth_mfa_challenges add column web_authn_challenge text;`);
  }
}
