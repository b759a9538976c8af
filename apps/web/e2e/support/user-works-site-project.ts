/**
 * @module
 * Set-up steps of the journeys of the site project's users (teams, API keys, OAuth): the site's
 * project is turned into one that offers these features through the platform's own admin API, as
 * its owner would, and its users are created over the server API. The site itself ships with
 * none of them on (server/site-auth: sign-up off, admins only).
 */
import { randomBytes } from "node:crypto";
import { ensureProject } from "@heritage/auth-server/testing";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { readSiteAuthKeys } from "./admin-auth-journey";
import type { TestServer } from "./test-server";

export interface SiteProjectApi {
  projectId: string;
  /** Sends a request to `/api/v1{path}` with the project's key of that access level. */
  request(
    path: string,
    options?: { accessType?: "admin" | "server"; method?: string; body?: unknown },
  ): Promise<Response>;
}

/**
 * Registers a fresh super-secret admin key for the site's project (a server-side step the site's
 * operator could take; the server never hands one out) and returns a caller of its HTTP API.
 */
export async function openSiteProjectApi(server: TestServer): Promise<SiteProjectApi> {
  const { projectId, secretServerKey } = await readSiteAuthKeys(server);
  const superSecretAdminKey = `sak_${randomBytes(34).toString("base64url")}`;
  await ensureProject(server.running.database.db, {
    id: projectId,
    displayName: "Balkan Heritage site",
    keys: { superSecretAdminKey },
  });
  return {
    projectId,
    request(path, { accessType = "server", method = "GET", body } = {}) {
      return fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          "x-stack-project-id": projectId,
          "x-stack-access-type": accessType,
          ...(accessType === "admin"
            ? { "x-stack-super-secret-admin-key": superSecretAdminKey }
            : { "x-stack-secret-server-key": secretServerKey }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
  };
}

/** Merges config keys (dot notation) into the project's environment override (contract §3.7). */
export async function overrideSiteProjectConfig(
  api: SiteProjectApi,
  override: Record<string, unknown>,
): Promise<void> {
  const response = await api.request("/internal/config/override/environment", {
    accessType: "admin",
    method: "PATCH",
    body: { config_override_string: JSON.stringify(override) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Creates a user who signs in with a password and whose e-mail is verified. */
export async function createSiteUser(
  api: SiteProjectApi,
  user: { email: string; password: string; displayName: string },
): Promise<{ id: string }> {
  const response = await api.request("/users", {
    method: "POST",
    body: {
      primary_email: user.email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: user.password,
      display_name: user.displayName,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** The newest mail to `to` whose subject contains `subject`, with the first link it carries. */
export async function readMailFromOutbox(
  server: TestServer,
  to: string,
  subject: string,
): Promise<{ subject: string; link: string }> {
  const result = await server.running.database.db.execute(
    sql`select subject, text from auth.email_outbox where "to" = ${to} order by sequence desc`,
  );
  const mail = (result.rows as { subject: string; text: string }[]).find((row) =>
    row.subject.includes(subject),
  );
  const link = mail?.text.match(/https?:\/\/\S+?[?&]code=[a-z0-9_-]+/i)?.[0];
  if (!mail || !link) throw new Error(`No e-mail to ${to} about "${subject}" with a link`);
  return { subject: mail.subject, link };
}
