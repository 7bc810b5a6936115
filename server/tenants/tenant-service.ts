import { randomUUID } from "node:crypto";
import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { AppError, noWorkspace } from "../platform/errors";
import { SLUG_CHECK, TENANT_APP_ERRORS, TENANT_CODES } from "./error-codes";
import { consumeRateLimit } from "../platform/rate-limit";
import { Tenant, TenantMembership } from "./entities";
import { newReferralCode } from "./referral-code";
import { isReservedSlug, reservedSlugMessage } from "./reserved-slugs";
import type { CreateTenantInput, UpdateTenantInput } from "./schemas";
import { deleteOwnedImage, prepareImage, storeImage } from "../images";
import { imageOwnerLocks } from "../platform/async/keyed-mutex";
import { parseCredits } from "../balance";
import { recordChange, recordChangeWithStatement, type Change } from "../changes";

const SLUG_TAKEN = "This workspace URL is already taken";
const ALREADY_HAVE_ONE = "You already have a workspace";

/** New workspaces start with WELCOME_CREDITS, written in the creating transaction. */
async function grantWelcomeCredits(tx: EntityManager, tenantId: string): Promise<void> {
  const micros = parseCredits(getConfig().WELCOME_CREDITS);
  if (!micros) return;
  await tx
    .getConnection()
    .execute(
      `insert into credit_ledger (tenant_id, amount_micros, kind, reference, idempotency_key) values (?, ?, 'welcome_grant', 'welcome', 'welcome-grant')`,
      [tenantId, micros.toString()],
      "all",
      tx.getTransactionContext(),
    );
}

function assertNotReserved(slug: string): void {
  if (isReservedSlug(slug)) throw new AppError(TENANT_APP_ERRORS.SLUG_RESERVED, reservedSlugMessage(slug), { code: TENANT_CODES.SLUG_RESERVED.code });
}

/** Maps a unique-index violation to the spec's 409, or returns false for other indexes. */
function conflictFor(error: unknown): AppError | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  const constraint = (error as unknown as { constraint?: string }).constraint;
  if (constraint === "tenants_slug_key") return new AppError("CONFLICT", SLUG_TAKEN);
  if (constraint === "tenants_one_production_per_owner") return new AppError("CONFLICT", ALREADY_HAVE_ONE);
  return undefined;
}

/** A workspace by id, or null. */
export function findTenant(em: EntityManager, tenantId: string): Promise<Tenant | null> {
  return em.findOne(Tenant, { id: tenantId });
}

export function findProductionTenant(em: EntityManager, ownerId: string): Promise<Tenant | null> {
  return em.findOne(Tenant, { ownerId, isPersonal: false });
}

export async function requireProductionTenant(em: EntityManager, ownerId: string): Promise<Tenant> {
  const tenant = await findProductionTenant(em, ownerId);
  if (!tenant) throw noWorkspace();
  return tenant;
}

/**
 * Creates the caller's workspace and their owner membership in one transaction. The
 * pre-check only picks the friendlier message; the unique indexes decide the race.
 */
export async function createTenant(em: EntityManager, ownerId: string, input: CreateTenantInput): Promise<Tenant> {
  assertNotReserved(input.slug);
  const config = getConfig();
  await consumeRateLimit(em, `tenant-create:${ownerId}`, config.TENANT_CREATE_RATE_LIMIT, config.TENANT_CREATE_RATE_WINDOW_SECONDS);
  if (!input.isPersonal && (await findProductionTenant(em, ownerId))) throw new AppError("CONFLICT", ALREADY_HAVE_ONE);

  for (let attempt = 0; ; attempt++) {
    try {
      return await em.transactional(async (tx) => {
        const tenant = tx.create(Tenant, {
          id: randomUUID(),
          name: input.name,
          slug: input.slug,
          ownerId,
          isPersonal: input.isPersonal,
          referralCode: newReferralCode(),
          slugChosen: false,
          logoUrl: null,
          requireTwoStep: false,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        // No ORM relation links the two, so flush the tenant first to satisfy the foreign key.
        await tx.flush();
        tx.create(TenantMembership, { tenantId: tenant.id, userId: ownerId, role: "owner", createdAt: new Date() });
        await tx.flush();
        await grantWelcomeCredits(tx, tenant.id);
        // The workspace's first audit row: who made it, under which name and URL.
        await recordChange(tx, { tenantId: tenant.id, audit: "workspace.created", data: { name: tenant.name, slug: tenant.slug }, target: { type: "workspace", id: tenant.id } });
        return tenant;
      });
    } catch (error) {
      const conflict = conflictFor(error);
      if (conflict) throw conflict;
      // A referral-code collision is the only other unique index: draw again.
      if (error instanceof UniqueConstraintViolationException && attempt < 3) continue;
      throw error;
    }
  }
}

export type SlugCheck =
  | { available: true }
  | { available: false; code: typeof SLUG_CHECK.SLUG_TAKEN.code }
  | { available: false; code: typeof SLUG_CHECK.INVALID_SLUG.code | typeof SLUG_CHECK.SLUG_RESERVED.code; error: string };

export async function checkSlug(em: EntityManager, userId: string, slug: string): Promise<SlugCheck> {
  if (isReservedSlug(slug)) return { available: false, code: SLUG_CHECK.SLUG_RESERVED.code, error: reservedSlugMessage(slug) };
  const rows = await em
    .getConnection()
    .execute<{ owner_id: string }[]>(`select owner_id from tenants where slug = ? limit 1`, [slug]);
  const owner = rows[0]?.owner_id;
  return owner === undefined || owner === userId ? { available: true } : { available: false, code: SLUG_CHECK.SLUG_TAKEN.code };
}

/** Applies the owner's edit to their workspace `tenant`, as the caller looked it up (once: ADR 047's cost). */
export async function updateTenant(em: EntityManager, tenant: Tenant, input: UpdateTenantInput): Promise<Tenant> {
  if (input.slug !== undefined) assertNotReserved(input.slug);
  if (input.clearLogo !== true) return applyTenantUpdate(em, tenant, input);
  // Clearing the logo reads, changes and deletes the logo reference: one at a time with logo
  // uploads to this tenant, starting from the row as it is now.
  return imageOwnerLocks.run(`tenant:${tenant.id}`, async () => {
    if (!(await em.refresh(tenant))) throw noWorkspace();
    return applyTenantUpdate(em, tenant, input);
  });
}

async function applyTenantUpdate(em: EntityManager, tenant: Tenant, input: UpdateTenantInput): Promise<Tenant> {
  const previousLogo = tenant.logoUrl;
  const audited: Change[] = [];
  const target = { type: "workspace", id: tenant.id };
  if (input.slug !== undefined && input.slug !== tenant.slug) {
    if (tenant.slugChosen) throw new AppError("BAD_REQUEST", "Workspace URL cannot be changed after creation");
    audited.push({ tenantId: tenant.id, audit: "workspace.url_changed", data: { from: tenant.slug, to: input.slug }, target });
    tenant.slug = input.slug;
    tenant.slugChosen = true;
  }
  if (input.name !== undefined && input.name !== tenant.name) {
    audited.push({ tenantId: tenant.id, audit: "workspace.renamed", data: { from: tenant.name, to: input.name }, target });
    tenant.name = input.name;
  }
  if (input.clearLogo === true && tenant.logoUrl !== null) {
    audited.push({ tenantId: tenant.id, audit: "workspace.logo_changed", data: { logo: "removed" }, target });
    tenant.logoUrl = null;
  }
  try {
    if (audited.length === 1) {
      // The usual edit (a new name, or the URL): the row's update and its audit row in one
      // statement, one round trip, holding the workspace's rows for that statement only (ADR 047).
      const [row] = await recordChangeWithStatement<Record<string, unknown>>(em, audited[0]!, {
        sql: `update tenants set name = ?, slug = ?, slug_chosen = ?, logo_url = ?, updated_at = now() where id = ? returning *`,
        params: [tenant.name, tenant.slug, tenant.slugChosen, tenant.logoUrl, tenant.id],
      });
      if (!row) throw noWorkspace();
      em.map(Tenant, row); // the entity as stored: nothing left for a later flush to send
    } else {
      // The new name and URL (or a logo cleared alone) and their audit rows commit together, or not at all.
      await em.transactional(async (tx) => {
        await tx.flush();
        for (const change of audited) await recordChange(tx, change);
      });
    }
  } catch (error) {
    throw conflictFor(error) ?? error;
  }
  if (previousLogo && tenant.logoUrl !== previousLogo) await deleteOwnedImage("tenant", tenant.id, previousLogo);
  return tenant;
}

/**
 * Decodes and re-encodes the upload first (in parallel with anything else), then, one at a
 * time per tenant: re-read the current logo, store the new object, point the row at it and
 * delete the previous object. A storage failure leaves the row as it was; a failed row
 * update removes the new object.
 */
export async function setTenantLogo(em: EntityManager, ownerId: string, file: Uint8Array): Promise<Tenant> {
  const tenant = await requireProductionTenant(em, ownerId);
  const image = await prepareImage(file);
  return imageOwnerLocks.run(`tenant:${tenant.id}`, async () => {
    // The row may have changed while this upload waited its turn: never trust the copy read above.
    if (!(await em.refresh(tenant))) throw noWorkspace();
    const previous = tenant.logoUrl;
    const stored = await storeImage("tenant", tenant.id, image);
    tenant.logoUrl = stored.url;
    try {
      // The new logo and its audit row commit together.
      await em.transactional(async (tx) => {
        await tx.flush();
        await recordChange(tx, { tenantId: tenant.id, audit: "workspace.logo_changed", data: { logo: "uploaded" }, target: { type: "workspace", id: tenant.id } });
      });
    } catch (error) {
      await deleteOwnedImage("tenant", tenant.id, stored.url);
      throw error;
    }
    if (previous && previous !== stored.url) await deleteOwnedImage("tenant", tenant.id, previous);
    return tenant;
  });
}
