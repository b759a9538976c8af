/**
 * The API versions the auth platform answers under, as Stack Auth names them: `/api/v1`, the beta
 * versions that came after it (`/api/v2beta1` … `/api/v2beta5`) and `/api/latest`. Beta versions
 * come after the release they build on (`v1 < v2beta1 < … < latest`). Every version serves the
 * same routes; a route whose behaviour changed between versions reads the version of its request
 * (`apiVersionOf`) and answers as that version did. Today that is only the reference's
 * demonstration route (`routes/migration-tests.ts`).
 * @module
 */
import type { Context } from "hono";

export const apiVersions = [
  "v1",
  "v2beta1",
  "v2beta2",
  "v2beta3",
  "v2beta4",
  "v2beta5",
  "latest",
] as const;

export type ApiVersion = (typeof apiVersions)[number];

/** Where apps/server (and the test harness) mount the auth API: one prefix per version. */
export const authApiMountPaths: readonly string[] = apiVersions.map((version) => `/api/${version}`);

const versionInPath = /^\/api\/([^/]+)(?:\/|$)/;

/** The version a request was sent to, from its path; `latest` when it names none we know. */
export function apiVersionOf(c: Context): ApiVersion {
  const name = versionInPath.exec(c.req.path)?.[1];
  return apiVersions.find((version) => version === name) ?? "latest";
}
