import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { isUniqueViolation } from "../platform/db/unique-violation";
import { isUuidText } from "../platform/db/uuid-text";
import { DnsLookupFailed, txtRecords } from "./dns-txt";
import { emailDomain } from "./domain-name";
import { DOMAIN_CODES, DOMAIN_THROWN } from "./error-codes";
import { DOMAIN_NOT_FOUND, type AdminDomainView, type WorkspaceDomainView } from "./schemas";

/**
 * A workspace's claimed email domains and their proof (issue 32 item 3, ADR 081). A claim is
 * free (several workspaces may claim one domain); verification is what counts, and a domain
 * is verified for one workspace at a time (the partial unique index holds it even between
 * two instances verifying at once).
 */
export interface DomainRow {
  id: string;
  tenant_id: string;
  domain: string;
  verification_token: string;
  created_at: Date;
  verified_at: Date | null;
  verified_by: "dns" | "admin" | null;
}

export const TXT_RECORD_PREFIX = "_svc-verification.";
const TXT_VALUE_PREFIX = "svc-verification=";

export const recordName = (domain: string) => `${TXT_RECORD_PREFIX}${domain}`;
export const recordValue = (token: string) => `${TXT_VALUE_PREFIX}${token}`;

const notFound = () => new AppError("NOT_FOUND", DOMAIN_NOT_FOUND);
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function domainView(row: DomainRow): WorkspaceDomainView {
  return {
    id: row.id,
    domain: row.domain,
    txtRecordName: recordName(row.domain),
    txtRecordValue: recordValue(row.verification_token),
    verifiedAt: iso(row.verified_at),
    verifiedBy: row.verified_by,
    createdAt: iso(row.created_at)!,
  };
}

export async function listDomains(em: EntityManager, tenantId: string): Promise<WorkspaceDomainView[]> {
  const rows = await em.execute<DomainRow[]>(`select * from workspace_domains where tenant_id = ? order by created_at, id`, [tenantId]);
  return rows.map(domainView);
}

/** A new claim with its own token; claiming it again in the same workspace is a 409 that names it. */
export async function claimDomain(em: EntityManager, tenantId: string, domain: string): Promise<WorkspaceDomainView> {
  const token = randomBytes(24).toString("base64url");
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<DomainRow[]>(
      `insert into workspace_domains (tenant_id, domain, verification_token) values (?, ?, ?)
       on conflict (tenant_id, domain) do nothing returning *`,
      [tenantId, domain, token],
    );
    if (!row) throw new AppError("CONFLICT", `${domain} is already claimed by this workspace`, { code: DOMAIN_CODES.DOMAIN_ALREADY_CLAIMED.code });
    await recordChange(tx, { tenantId, audit: "domain.claimed", data: { domain }, target: { type: "domain", id: row.id } });
    return domainView(row);
  });
}

async function requireDomain(em: EntityManager, tenantId: string, domainId: string): Promise<DomainRow> {
  const [row] = await em.execute<DomainRow[]>(`select * from workspace_domains where id = ? and tenant_id = ?`, [domainId, tenantId]);
  if (!row) throw notFound();
  return row;
}

const verifiedElsewhere = (domain: string) =>
  new AppError("CONFLICT", `${domain} is verified by another workspace; it must remove the domain before this workspace can verify it`, { code: DOMAIN_CODES.DOMAIN_VERIFIED_ELSEWHERE.code });

async function refuseIfVerifiedElsewhere(em: EntityManager, row: DomainRow): Promise<void> {
  const holders = await em.execute<{ id: string }[]>(`select id from workspace_domains where domain = ? and verified_at is not null and id <> ?`, [row.domain, row.id]);
  if (holders.length > 0) throw verifiedElsewhere(row.domain);
}

/**
 * Marks the claim verified, `by` DNS or the administrator, with its audit row in the claim's
 * workspace chain. The index refuses a second verified holder even when two race past the check.
 */
async function markVerified(em: EntityManager, row: DomainRow, by: "dns" | "admin"): Promise<DomainRow> {
  try {
    return await em.transactional(async (tx) => {
      const [updated] = await tx.execute<DomainRow[]>(
        `update workspace_domains set verified_at = now(), verified_by = ? where id = ? and verified_at is null returning *`,
        [by, row.id],
      );
      if (!updated) return (await tx.execute<DomainRow[]>(`select * from workspace_domains where id = ?`, [row.id]))[0] ?? row;
      await recordChange(tx, { tenantId: row.tenant_id, audit: "domain.verified", data: { domain: row.domain, by }, target: { type: "domain", id: row.id } });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw verifiedElsewhere(row.domain);
    throw error;
  }
}

/**
 * Looks up `_svc-verification.<domain>` and verifies the claim when one of its TXT values is
 * the claim's, exactly. A verified claim answers as it is (no lookup). Absent or other values:
 * 422 naming what was expected and what was found; resolvers that do not answer: 502; either
 * way nothing changes.
 */
export async function verifyDomain(em: EntityManager, tenantId: string, domainId: string): Promise<WorkspaceDomainView> {
  const row = await requireDomain(em, tenantId, domainId);
  if (row.verified_at) return domainView(row);
  await refuseIfVerifiedElsewhere(em, row);
  const name = recordName(row.domain);
  const expected = recordValue(row.verification_token);
  let found: string[];
  try {
    found = await txtRecords(name);
  } catch (error) {
    if (!(error instanceof DnsLookupFailed)) throw error;
    throw new AppError(DOMAIN_THROWN.DNS_LOOKUP_FAILED, `Could not look up the TXT record ${name}: the DNS resolver did not answer (${error.reason}). Nothing was changed; try again.`, {
      code: DOMAIN_CODES.DNS_LOOKUP_FAILED.code,
    });
  }
  if (!found.includes(expected)) {
    const what = found.length === 0 ? "found no TXT record there" : `found ${found.map((v) => JSON.stringify(v.slice(0, 300))).join(", ")}`;
    throw new AppError(DOMAIN_THROWN.DOMAIN_RECORD_MISSING, `Expected a TXT record ${name} holding "${expected}", ${what}`, {
      code: DOMAIN_CODES.DOMAIN_RECORD_MISSING.code,
      expected: { name, value: expected },
      found: found.slice(0, 20).map((v) => v.slice(0, 300)),
    });
  }
  return domainView(await markVerified(em, row, "dns"));
}

/** The claim goes (verified or not); the domain is free for another workspace to verify. */
export async function removeDomain(em: EntityManager, tenantId: string, domainId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<DomainRow[]>(`delete from workspace_domains where id = ? and tenant_id = ? returning *`, [domainId, tenantId]);
    if (!row) throw notFound();
    await recordChange(tx, { tenantId, audit: "domain.removed", data: { domain: row.domain, wasVerified: row.verified_at !== null }, target: { type: "domain", id: row.id } });
  });
}

const adminView = (row: DomainRow): AdminDomainView => ({ ...domainView(row), tenantId: row.tenant_id });

/** The service administrator's list: every workspace's claims, of one domain when named. */
export async function adminListDomains(em: EntityManager, domain: string | undefined): Promise<AdminDomainView[]> {
  const rows = await em.execute<DomainRow[]>(
    `select * from workspace_domains where (?::text is null or domain = ?) order by domain, created_at, id limit 1000`,
    [domain ?? null, domain ?? null],
  );
  return rows.map(adminView);
}

/** The service administrator vouches for a claim without DNS (`verified_by = 'admin'`); one workspace at a time still holds. */
export async function adminVerifyDomain(em: EntityManager, domainId: string): Promise<AdminDomainView> {
  const id = domainId.toLowerCase();
  if (!isUuidText(id)) throw notFound();
  const [row] = await em.execute<DomainRow[]>(`select * from workspace_domains where id = ?`, [id]);
  if (!row) throw notFound();
  if (row.verified_at) return adminView(row);
  await refuseIfVerifiedElsewhere(em, row);
  return adminView(await markVerified(em, row, "admin"));
}

/** The service administrator removes a claim of any workspace (a domain that changed hands), recorded in that workspace's chain. */
export async function adminRemoveDomain(em: EntityManager, domainId: string): Promise<void> {
  const id = domainId.toLowerCase();
  if (!isUuidText(id)) throw notFound();
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<DomainRow[]>(`delete from workspace_domains where id = ? returning *`, [id]);
    if (!row) throw notFound();
    await recordChange(tx, { tenantId: row.tenant_id, audit: "domain.removed", data: { domain: row.domain, wasVerified: row.verified_at !== null, by: "admin" }, target: { type: "domain", id: row.id } });
  });
}

/**
 * Which workspace has verified this email address's domain, if any: what home-realm discovery
 * and "require single sign-on" ask. Exact domain only (a verified `example.com` says nothing
 * of `eu.example.com`).
 */
export async function workspaceForVerifiedEmail(em: EntityManager, email: string): Promise<{ tenantId: string; domain: string } | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const [row] = await em.execute<{ tenant_id: string }[]>(`select tenant_id from workspace_domains where domain = ? and verified_at is not null`, [domain]);
  return row ? { tenantId: row.tenant_id, domain } : null;
}
