import { Migration } from "../../platform/db/mikro-orm";

/**
 * Webhook signing secrets rotate with an overlap (issue 27): the secret replaced keeps signing
 * beside the new one until `previous_secret_expires_at`, so receivers can move at their pace.
 */
export class Migration20261128000070_webhook_secret_rotation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_endpoints add column previous_secret_ciphertext text null, add column previous_secret_expires_at timestamptz null;`);
  }
}
