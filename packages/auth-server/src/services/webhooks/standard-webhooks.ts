/**
 * The Standard Webhooks signature scheme (https://www.standardwebhooks.com), which Svix also uses:
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed by the base64
 * bytes after the `whsec_` prefix of the endpoint's secret.
 * @module
 */
import { createHmac, randomBytes } from "node:crypto";

const secretPrefix = "whsec_";

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes (as Svix issues them). */
export function generateWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(24).toString("base64")}`;
}

/** The `v1,…` signature of one delivery attempt. */
export function signWebhook(
  secret: string,
  message: { id: string; timestampSeconds: number; body: string },
): string {
  const key = Buffer.from(
    secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret,
    "base64",
  );
  const signed = `${message.id}.${message.timestampSeconds}.${message.body}`;
  return `v1,${createHmac("sha256", key).update(signed, "utf8").digest("base64")}`;
}

/** The three headers of a Standard Webhooks request (timestamp in whole seconds). */
export function webhookHeaders(
  secret: string,
  message: { id: string; timestampSeconds: number; body: string },
): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": message.id,
    "webhook-timestamp": String(message.timestampSeconds),
    "webhook-signature": signWebhook(secret, message),
  };
}
