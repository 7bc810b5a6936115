import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";
import { DOMAIN_MAX_INPUT, DOMAIN_MESSAGES, normaliseDomain } from "./domain-name";

export const DOMAIN_NOT_FOUND = "Domain not found";

/** The claimed domain, normalised (domain-name.ts); every refusal answers its own sentence. */
const domainSchema = z
  .string({ error: DOMAIN_MESSAGES.shape })
  .max(DOMAIN_MAX_INPUT, DOMAIN_MESSAGES.length)
  .transform((raw, ctx) => {
    const found = normaliseDomain(raw);
    if ("domain" in found) return found.domain;
    ctx.issues.push({ code: "custom", message: found.error, input: raw });
    return z.NEVER;
  });

export const claimDomainInput = z.object({ domain: domainSchema });
export type ClaimDomainInput = z.infer<typeof claimDomainInput>;
export const claimDomainBody = claimDomainInput;

export const domainIdInput = z.object({ domainId: z.uuid({ error: DOMAIN_NOT_FOUND }) });

export const workspaceDomainOutput = z.object({
  id: uuidOutput,
  domain: z.string().describe("Lower-case, IDNA names as punycode"),
  txtRecordName: z.string().describe("Where the TXT record goes: `_svc-verification.<domain>`"),
  txtRecordValue: z.string().describe("What the TXT record holds, exactly"),
  verifiedAt: isoTimeOutput.nullable(),
  verifiedBy: z.enum(["dns", "admin"]).nullable().describe("`dns`: the record was found; `admin`: the service administrator marked it"),
  createdAt: isoTimeOutput,
});
export type WorkspaceDomainView = z.infer<typeof workspaceDomainOutput>;
export const workspaceDomainListOutput = z.object({ domains: z.array(workspaceDomainOutput) });

/** The service administrator's view: every workspace's claims, with the workspace. */
export const adminDomainOutput = workspaceDomainOutput.extend({ tenantId: uuidOutput });
export type AdminDomainView = z.infer<typeof adminDomainOutput>;
export const adminDomainListOutput = z.object({ domains: z.array(adminDomainOutput) });
