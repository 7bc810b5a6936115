import { notConfiguredReason } from "./catalog-readiness";
import { tableSchema, timestamps } from "../../platform/db/columns";

/** `oauth_client_config` as the catalog file and the admin page write it (issue 7 section 1). */
export interface OAuthClientConfig {
  /** Present (with `auth_config_id`): the broker-managed flow. */
  broker?: { auth_config_id?: string; toolkit_slug?: string };
  authorize_url?: string;
  token_url?: string;
  scopes?: string[];
  /** Base of the provider's API, used by the provider proxy. */
  api_base_url?: string;
  /** A list endpoint whose single item (or the one picked) becomes metadata.context[provider]. */
  discovery?: { url: string; id_field: string; label_field?: string; context_key: string };
  /** Where the connection's display name comes from. */
  /**
   * Where the connection's display name comes from (`label_field`) and, issue 19, the
   * provider's own id of the account (`id_field`, default `id`): a second connect of the
   * same account updates its connection, and a reconnect to another account asks first.
   */
  account?: { url: string; label_field: string; id_field?: string };
  [extra: string]: unknown;
}

export class Integration {
  slug!: string;
  name!: string;
  description = "";
  logo = "";
  oauthClientConfig: OAuthClientConfig = {};
  /** Off: neither listed to members nor startable (an administrator's switch, or dropped from the file). */
  enabled = true;
  /** Set when an administrator edited the row: seeding then leaves it alone (ADR 010). */
  editedBy: string | null = null;
  editedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const IntegrationSchema = tableSchema(Integration, "integrations", {
  slug: { type: "text", primary: true },
  name: { type: "text" },
  description: { type: "text" },
  logo: { type: "text" },
  oauthClientConfig: { type: "json", fieldName: "oauth_client_config" },
  enabled: { type: "boolean" },
  editedBy: { type: "uuid", fieldName: "edited_by", nullable: true },
  editedAt: { type: "Date", fieldName: "edited_at", nullable: true },
  ...timestamps(),
});

/** A row with a `broker` object is a broker row; without its `auth_config_id` the start answers broker_auth_config_missing. */
export function usesBroker(config: OAuthClientConfig): boolean {
  return typeof config.broker === "object" && config.broker !== null;
}

export function integrationRow(row: Integration) {
  const reason = notConfiguredReason(row.slug, row.oauthClientConfig);
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    logo: row.logo,
    flow: usesBroker(row.oauthClientConfig) ? ("broker" as const) : ("first_party" as const),
    oauthClientConfig: row.oauthClientConfig,
    enabled: row.enabled,
    /** False when no flow can start from this row; `notConfiguredReason` says why. */
    configured: reason === null,
    notConfiguredReason: reason,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
export type IntegrationRow = ReturnType<typeof integrationRow>;
