import { z } from "zod";

const optionalText = (description: string) => z.string().min(1).optional().describe(description);

/** Variables that tie the site to its project on the auth platform, and bootstrap the first admin. */
export const siteAuthConfigShape = {
  SITE_AUTH_PROJECT_ID: optionalText(
    "Auth-platform project the site's admins sign in to. Unset: the server creates one on first start (sign-up off) and keeps its keys in the database.",
  ),
  SITE_AUTH_PUBLISHABLE_CLIENT_KEY: optionalText(
    "Publishable client key of that project (required with SITE_AUTH_PROJECT_ID); the only key browsers receive.",
  ),
  SITE_AUTH_SECRET_SERVER_KEY: optionalText(
    "Secret server key of that project (required with SITE_AUTH_PROJECT_ID); stays on the server.",
  ),
  ADMIN_EMAIL: z
    .email({ error: "expected an email address" })
    .optional()
    .describe(
      "With ADMIN_PASSWORD: creates this admin on start when no user with this email exists (for servers and automation).",
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(8, "expected at least 8 characters")
    .optional()
    .describe("Password of the ADMIN_EMAIL admin (at least 8 characters)."),
};

export interface SiteAuthSettings {
  SITE_AUTH_PROJECT_ID?: string | undefined;
  SITE_AUTH_PUBLISHABLE_CLIENT_KEY?: string | undefined;
  SITE_AUTH_SECRET_SERVER_KEY?: string | undefined;
  ADMIN_EMAIL?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
}

/** Cross-field rules the per-variable schema cannot express; returns the one-line problem or null. */
export function checkSiteAuthSettings(settings: SiteAuthSettings): string | null {
  const projectKeys = [
    settings.SITE_AUTH_PROJECT_ID,
    settings.SITE_AUTH_PUBLISHABLE_CLIENT_KEY,
    settings.SITE_AUTH_SECRET_SERVER_KEY,
  ];
  const given = projectKeys.filter((value) => value !== undefined).length;
  if (given !== 0 && given !== 3) {
    return "SITE_AUTH_PROJECT_ID: set it together with SITE_AUTH_PUBLISHABLE_CLIENT_KEY and SITE_AUTH_SECRET_SERVER_KEY, or none of them";
  }
  if ((settings.ADMIN_EMAIL === undefined) !== (settings.ADMIN_PASSWORD === undefined)) {
    return "ADMIN_EMAIL: set it together with ADMIN_PASSWORD, or neither";
  }
  return null;
}
