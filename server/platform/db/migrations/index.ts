import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261121000001_foundation } from "./Migration20261121000001_foundation";
import { Migration20261121000002_apps_keys_credits } from "./Migration20261121000002_apps_keys_credits";
import { Migration20261124000003_members_deployments } from "./Migration20261124000003_members_deployments";
import { Migration20261125000004_connections } from "./Migration20261125000004_connections";
import { Migration20261125000005_shell_agents } from "./Migration20261125000005_shell_agents";
import { Migration20261125000006_dashboard_basics } from "./Migration20261125000006_dashboard_basics";
import { Migration20261125000007_connection_notifications } from "./Migration20261125000007_connection_notifications";
import { Migration20261126000008_background_job_runs } from "./Migration20261126000008_background_job_runs";
import { Migration20261126000009_email_confirmation } from "./Migration20261126000009_email_confirmation";
import { Migration20261126000010_integration_enabled } from "./Migration20261126000010_integration_enabled";
import { Migration20261126000015_email_change } from "./Migration20261126000015_email_change";
import { Migration20261126000016_last_sign_in } from "./Migration20261126000016_last_sign_in";
import { Migration20261126000017_oauth_server } from "./Migration20261126000017_oauth_server";
import { Migration20261126000019_connection_health } from "./Migration20261126000019_connection_health";
import { Migration20261126000020_webhooks } from "./Migration20261126000020_webhooks";
import { Migration20261126000021_passwordless_and_anonymous } from "./Migration20261126000021_passwordless_and_anonymous";
import { Migration20261126000022_shell_agent_locations } from "./Migration20261126000022_shell_agent_locations";
import { Migration20261126000024_mfa_factors } from "./Migration20261126000024_mfa_factors";
import { Migration20261126000025_session_devices } from "./Migration20261126000025_session_devices";
import { Migration20261126000028_audit_log } from "./Migration20261126000028_audit_log";

/** Passed as a list (not a glob) so the Remix bundle carries every migration. */
export const migrationsList: MigrationObject[] = [
  { name: "Migration20261121000001_foundation", class: Migration20261121000001_foundation },
  { name: "Migration20261121000002_apps_keys_credits", class: Migration20261121000002_apps_keys_credits },
  { name: "Migration20261124000003_members_deployments", class: Migration20261124000003_members_deployments },
  { name: "Migration20261125000004_connections", class: Migration20261125000004_connections },
  { name: "Migration20261125000005_shell_agents", class: Migration20261125000005_shell_agents },
  { name: "Migration20261125000006_dashboard_basics", class: Migration20261125000006_dashboard_basics },
  { name: "Migration20261125000007_connection_notifications", class: Migration20261125000007_connection_notifications },
  { name: "Migration20261126000008_background_job_runs", class: Migration20261126000008_background_job_runs },
  { name: "Migration20261126000009_email_confirmation", class: Migration20261126000009_email_confirmation },
  { name: "Migration20261126000010_integration_enabled", class: Migration20261126000010_integration_enabled },
  { name: "Migration20261126000015_email_change", class: Migration20261126000015_email_change },
  { name: "Migration20261126000016_last_sign_in", class: Migration20261126000016_last_sign_in },
  { name: "Migration20261126000017_oauth_server", class: Migration20261126000017_oauth_server },
  { name: "Migration20261126000019_connection_health", class: Migration20261126000019_connection_health },
  { name: "Migration20261126000020_webhooks", class: Migration20261126000020_webhooks },
  { name: "Migration20261126000021_passwordless_and_anonymous", class: Migration20261126000021_passwordless_and_anonymous },
  { name: "Migration20261126000022_shell_agent_locations", class: Migration20261126000022_shell_agent_locations },
  { name: "Migration20261126000024_mfa_factors", class: Migration20261126000024_mfa_factors },
  { name: "Migration20261126000025_session_devices", class: Migration20261126000025_session_devices },
  { name: "Migration20261126000028_audit_log", class: Migration20261126000028_audit_log },
];
