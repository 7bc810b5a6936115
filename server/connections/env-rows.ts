import { oauthEnvPrefix } from "../platform/config";

/**
 * The `integration` env rows a binding writes into an app (issue 7 section 5):
 * `<PROVIDER>_CONNECTION_ID` = the external id, plus one per discovery context field
 * (`SUPABASE_PROJECT_REF` from `context.supabase.project_ref`). Never a token.
 */
export function integrationEnvRows(
  provider: string,
  externalId: string,
  context: Record<string, string> | undefined,
): Array<{ key: string; value: string }> {
  const prefix = oauthEnvPrefix(provider).replace(/[^A-Z0-9_]/g, "_");
  const rows = [{ key: `${prefix}_CONNECTION_ID`, value: externalId }];
  for (const [field, value] of Object.entries(context ?? {})) {
    const suffix = field.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
    if (suffix && suffix !== "CONNECTION_ID" && typeof value === "string") rows.push({ key: `${prefix}_${suffix}`, value });
  }
  return rows;
}
