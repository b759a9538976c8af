/**
 * The clients of the integration endpoints (`/integrations/neon/...`, `/integrations/custom/...`):
 * a partner (Neon, or any other provisioning service) calls them with HTTP Basic
 * `client_id:client_secret` from `STACK_INTEGRATION_CLIENTS_CONFIG`, as the reference does. A wrong
 * or missing header is one line of a SCHEMA_ERROR, in the reference's words.
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IntegrationClient } from "../../config";

/**
 * The reference's development clients (its apps/backend/.env.development), which its e2e suite
 * signs in with. Only ever used when the server runs in development and no list is configured.
 */
const developmentRedirectUris = [
  "http://localhost:30000/api/v2/identity/authorize",
  "http://localhost:30000/api/v2/auth/authorize",
];
const developmentIntegrationClients: readonly IntegrationClient[] = [
  {
    client_id: "neon-local",
    client_secret: "neon-local-secret",
    id_token_signed_response_alg: "ES256",
    redirect_uris: developmentRedirectUris,
  },
  {
    client_id: "custom-local",
    client_secret: "custom-local-secret",
    id_token_signed_response_alg: "ES256",
    redirect_uris: developmentRedirectUris,
  },
];

/** The configured clients; in development without a list, the reference's development clients. */
export function resolveIntegrationClients(
  configured: readonly IntegrationClient[] | undefined,
  isDevelopment: boolean,
): readonly IntegrationClient[] {
  return configured ?? (isDevelopment ? developmentIntegrationClients : []);
}

/** The reference's problem lines (its `basicAuthorizationHeaderSchema`, `neonAuthorizationHeaderSchema`). */
export const integrationAuthProblems = {
  missing: "headers.authorization must be defined",
  malformed: 'Authorization header must be in the format "Basic <base64>"',
  unknownClient:
    "Invalid client_id:client_secret values; did you use the correct values for the integration?",
} as const;

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * `Basic <base64 of id:secret>` split into id and secret (the secret may contain colons), or null
 * when the header is not of that form.
 */
export function decodeBasicAuthorization(header: string): [string, string] | null {
  const [scheme, encoded, ...rest] = header.split(" ");
  if (rest.length > 0 || !encoded || scheme !== "Basic" || !base64Pattern.test(encoded)) {
    return null;
  }
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const [clientId = "", ...secretParts] = decoded.split(":");
  return [clientId, secretParts.join(":")];
}

// Digests of equal length, so comparing takes as long whatever the guess.
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

function isClient(client: IntegrationClient, clientId: string, clientSecret: string): boolean {
  const idMatches = timingSafeEqual(digest(client.client_id), digest(clientId));
  const secretMatches = timingSafeEqual(digest(client.client_secret), digest(clientSecret));
  return idMatches && secretMatches;
}

export type IntegrationClientCheck =
  | { ok: true; clientId: string }
  | { ok: false; problem: (typeof integrationAuthProblems)[keyof typeof integrationAuthProblems] };

/** Which client an `Authorization` header proves to be, or the problem line to refuse it with. */
export function checkIntegrationClient(
  clients: readonly IntegrationClient[],
  header: string | undefined,
): IntegrationClientCheck {
  if (header === undefined) return { ok: false, problem: integrationAuthProblems.missing };
  const decoded = decodeBasicAuthorization(header);
  if (!decoded) return { ok: false, problem: integrationAuthProblems.malformed };
  const [clientId, clientSecret] = decoded;
  // Every client is compared, so the time taken does not tell which client ids exist.
  let found = false;
  for (const client of clients) {
    if (isClient(client, clientId, clientSecret)) found = true;
  }
  return found
    ? { ok: true, clientId }
    : { ok: false, problem: integrationAuthProblems.unknownClient };
}
