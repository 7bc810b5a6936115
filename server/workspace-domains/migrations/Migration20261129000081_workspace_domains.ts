import { Migration } from "../../platform/db/mikro-orm";

/**
 * Email domains a workspace claims and proves with a DNS TXT record (issue 32 item 3, ADR 081).
 * A domain may be claimed by several workspaces while unverified; the partial unique index
 * lets at most one hold it verified, so a second verification fails while the first holds it.
 */
export class Migration20261129000081_workspace_domains extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table workspace_domains (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      domain text not null check (domain = lower(domain) and length(domain) between 3 and 253),
      verification_token text not null,
      created_at timestamptz not null default now(),
      verified_at timestamptz null,
      verified_by text null check (verified_by in ('dns', 'admin')),
      check ((verified_at is null) = (verified_by is null))
    );`);
    this.addSql(`create unique index workspace_domains_one_claim_per_workspace on workspace_domains (tenant_id, domain);`);
    this.addSql(`create unique index workspace_domains_verified_once on workspace_domains (domain) where verified_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table workspace_domains;`);
  }
}
