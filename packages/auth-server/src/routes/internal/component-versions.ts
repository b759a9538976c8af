/**
 * `GET /internal/component-versions`: the latest version of each hosted page that an app may replace
 * with its own ("custom" handler URLs), and the changelog of every version, as the reference's SDK
 * tooling reads them. Every page is at version 1 ("Initial version.") at the reference's commit the
 * suite comes from (its `getLatestPageVersions`). No authentication: the reference answers anyone.
 * @module
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../http/context";
import { sendJson } from "../../http/respond";
import { describeRoute } from "../../openapi/route-description";

/** The pages an app can supply itself, in the reference's order (its handler URLs less `handler`). */
export const customisablePages = [
  "signIn",
  "signUp",
  "signOut",
  "emailVerification",
  "passwordReset",
  "forgotPassword",
  "oauthCallback",
  "magicLinkCallback",
  "accountSettings",
  "teamInvitation",
  "mfa",
  "error",
  "onboarding",
] as const;

/** Every page's changelogs by version; a page's new version is one more entry in its record. */
function changelogsOf(_page: (typeof customisablePages)[number]): Record<number, string> {
  return { 1: "Initial version." };
}

export interface ComponentVersions {
  versions: Record<string, { version: number; changelogs: Record<number, string> }>;
}

export function latestComponentVersions(): ComponentVersions {
  const versions: ComponentVersions["versions"] = {};
  for (const page of customisablePages) {
    const changelogs = changelogsOf(page);
    versions[page] = { version: Math.max(...Object.keys(changelogs).map(Number)), changelogs };
  }
  return { versions };
}

export function createComponentVersionRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/",
    describeRoute({
      summary: "The latest version and changelogs of each page an app can replace",
      callers: ["anyone"],
    }),
    (c) => sendJson(c, latestComponentVersions()),
  );
  return app;
}
