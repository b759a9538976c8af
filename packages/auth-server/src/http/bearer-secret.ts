/**
 * Calls from the operator's machinery carry `Authorization: Bearer <secret>` instead of project
 * keys, as the reference's: the scheduler's (`CRON_SECRET`: `/internal/email-queue-step`,
 * `/internal/failed-emails-digest`) and the e-mail monitor's (`STACK_EMAIL_MONITOR_SECRET_TOKEN`:
 * `POST /health/email`). A missing header is the reference's SCHEMA_ERROR; any other mismatch, or
 * no secret configured, is a plain 401.
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { plainErrors } from "../services/shared/plain-errors";
import type { AuthEnv } from "./context";
import { throwSchemaError } from "./validate";

const digest = (value: string) => createHash("sha256").update(value).digest();

export function requireBearerSecret(c: Context<AuthEnv>, secret: string | undefined): void {
  const header = c.req.header("authorization");
  if (header === undefined) throwSchemaError(c, ["headers.authorization must be defined"]);
  // Compared as digests: equal lengths, and no timing hint about the secret.
  if (!secret || !timingSafeEqual(digest(header), digest(`Bearer ${secret}`))) {
    throw plainErrors.bearerSecretUnauthorized();
  }
}
