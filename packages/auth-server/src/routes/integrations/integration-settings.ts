/**
 * What the integration routes need beyond the common dependencies: who may call them (the
 * integration clients) and where the dashboard that confirms transfers lives.
 * @module
 */
import type { Context } from "hono";
import type { IntegrationClient } from "../../config";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { throwSchemaError } from "../../http/validate";
import {
  checkIntegrationClient,
  resolveIntegrationClients,
} from "../../services/integrations/integration-clients";

export interface IntegrationSettings {
  clients: readonly IntegrationClient[];
  /** Base URL of the dashboard, without a trailing slash. */
  dashboardUrl: string;
}

/**
 * In development, the reference's layout: its dashboard listens one port below its API
 * (`{prefix}01` and `{prefix}02`), so a server started like the reference's API links to where the
 * reference's dashboard would be.
 */
function developmentDashboardUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (port > 1) url.port = String(port - 1);
  return url.origin;
}

export function resolveIntegrationSettings(deps: RouteDeps): IntegrationSettings {
  return {
    clients: resolveIntegrationClients(
      deps.config.STACK_INTEGRATION_CLIENTS_CONFIG,
      deps.isDevelopment,
    ),
    dashboardUrl:
      deps.config.STACK_DASHBOARD_URL ??
      (deps.isDevelopment ? developmentDashboardUrl(deps.baseUrl) : deps.baseUrl),
  };
}

/**
 * The integration client the request's HTTP Basic `Authorization` proves, by its client id; a
 * missing, malformed or unknown one is a SCHEMA_ERROR with the reference's line.
 */
export function requireIntegrationClient(
  c: Context<AuthEnv>,
  settings: IntegrationSettings,
): string {
  const check = checkIntegrationClient(settings.clients, c.req.header("authorization"));
  if (!check.ok) throwSchemaError(c, [check.problem]);
  return check.clientId;
}
