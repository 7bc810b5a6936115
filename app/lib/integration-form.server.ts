import type { IntegrationEditView } from "~/components/pages/AdminIntegrationsPage";
import type { Caller } from "./caller.server";

type IntegrationRow = Awaited<ReturnType<Caller["integrations"]["list"]>>[number];

/** The keys the editor shows as labelled inputs; everything else is "Other settings". */
const FIRST_PARTY_KEYS = ["authorize_url", "token_url", "scopes", "api_base_url"] as const;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A catalog row as the admin editor's fields. */
export function integrationEditView(row: IntegrationRow): IntegrationEditView {
  const { broker, ...rest } = row.oauthClientConfig as Record<string, unknown> & { broker?: Record<string, unknown> };
  const other: Record<string, unknown> = { ...rest };
  for (const key of FIRST_PARTY_KEYS) delete other[key];
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    logo: row.logo,
    flow: row.flow,
    enabled: row.enabled,
    configured: row.configured,
    notConfiguredReason: row.notConfiguredReason,
    editedAt: row.editedAt,
    broker: { authConfigId: text(broker?.auth_config_id), toolkitSlug: text(broker?.toolkit_slug) },
    firstParty: {
      authorizeUrl: text(rest.authorize_url),
      tokenUrl: text(rest.token_url),
      scopes: Array.isArray(rest.scopes) ? rest.scopes.filter((s) => typeof s === "string").join(" ") : "",
      apiBaseUrl: text(rest.api_base_url),
    },
    otherSettings: JSON.stringify(other, null, 2),
  };
}

/**
 * The editor's form back into `oauth_client_config`: the labelled fields of the chosen flow
 * over the "Other settings" object. Null when Other settings is not a JSON object.
 */
export function oauthClientConfigFromForm(form: FormData): Record<string, unknown> | null {
  let other: unknown;
  try {
    const raw = String(form.get("otherSettings") ?? "").trim();
    other = raw === "" ? {} : JSON.parse(raw);
  } catch {
    return null;
  }
  if (!other || typeof other !== "object" || Array.isArray(other)) return null;
  const config: Record<string, unknown> = { ...(other as Record<string, unknown>) };
  const field = (name: string) => String(form.get(name) ?? "").trim();
  if (String(form.get("flow")) === "first_party") {
    delete config.broker;
    config.authorize_url = field("authorizeUrl");
    config.token_url = field("tokenUrl");
    config.scopes = field("scopes").split(/[\s,]+/).filter(Boolean);
    if (field("apiBaseUrl")) config.api_base_url = field("apiBaseUrl");
    else delete config.api_base_url;
  } else {
    for (const key of FIRST_PARTY_KEYS) delete config[key];
    const broker: Record<string, string> = { auth_config_id: field("authConfigId") };
    if (field("toolkitSlug")) broker.toolkit_slug = field("toolkitSlug");
    config.broker = broker;
  }
  return config;
}
