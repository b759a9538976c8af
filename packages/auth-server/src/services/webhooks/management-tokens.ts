/**
 * Tokens of the webhook endpoint-management API, handed out by `POST /webhooks/svix-token` (where the
 * reference hands out a Svix app-portal token): `whmt_<payload>.<HMAC>`, naming one project and an
 * expiry. The HMAC key lives only in this process, so tokens end with it; dashboards fetch a new
 * one per page load, as they do for Svix's short-lived portal tokens.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

const prefix = "whmt_";
export const managementTokenLifetimeMs = 60 * 60 * 1000;

const payloadSchema = z.object({ project_id: z.string(), exp: z.number() });

export interface ManagementTokens {
  issue(projectId: string, now: Date): string;
  /** The project the token names, or null if it is forged, malformed or expired. */
  verify(token: string, now: Date): string | null;
}

export function createManagementTokens(key: Buffer = randomBytes(32)): ManagementTokens {
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    issue(projectId, now) {
      const payload = Buffer.from(
        JSON.stringify({ project_id: projectId, exp: now.getTime() + managementTokenLifetimeMs }),
      ).toString("base64url");
      return `${prefix}${payload}.${mac(payload).toString("base64url")}`;
    },
    verify(token, now) {
      if (!token.startsWith(prefix)) return null;
      const [payload, signature, extra] = token.slice(prefix.length).split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString()));
      } catch {
        return null;
      }
      return parsed.exp > now.getTime() ? parsed.project_id : null;
    },
  };
}
