/**
 * @module
 * The auth project whose users administer the site. From `SITE_AUTH_PROJECT_ID` and its two keys
 * when they are set (registered with the platform, idempotently); otherwise created on first
 * start with sign-up off, its keys kept in the content module's site_settings. Browsers receive
 * only the project id and the publishable key (`publicSiteAuthConfig`).
 */
import { ensureProject } from "@heritage/auth-server";
import { getSiteSetting, setSiteSetting, withSiteSettingsLock } from "@heritage/content";
import type { Database } from "@heritage/db";
import { z } from "zod";
import type { SiteConfig } from "../site-config";

export const SITE_AUTH_PROJECT_SETTING = "site_auth_project";

const storedProjectSchema = z.object({
  projectId: z.string().min(1),
  publishableClientKey: z.string().min(1),
  secretServerKey: z.string().min(1),
});

export interface SiteAuthProject {
  projectId: string;
  publishableClientKey: string;
  /** Server-side only. */
  secretServerKey: string;
  source: "environment" | "database" | "created";
}

/** What the browser may know about the site's auth project. */
export interface PublicSiteAuthConfig {
  projectId: string;
  publishableClientKey: string;
}

export const SITE_AUTH_PROJECT_DISPLAY_NAME = "Balkan Heritage site administrators";

/**
 * Resolves (and on first start creates) the site's auth project. Safe when several processes
 * start at once: they queue on an advisory lock and the first one creates the project.
 */
export async function ensureSiteAuthProject(
  db: Database,
  config: Pick<
    SiteConfig,
    "SITE_AUTH_PROJECT_ID" | "SITE_AUTH_PUBLISHABLE_CLIENT_KEY" | "SITE_AUTH_SECRET_SERVER_KEY"
  >,
): Promise<SiteAuthProject> {
  const projectSettings = { auth: { allowSignUp: false } };
  if (config.SITE_AUTH_PROJECT_ID) {
    const { SITE_AUTH_PUBLISHABLE_CLIENT_KEY: publishable, SITE_AUTH_SECRET_SERVER_KEY: secret } =
      config;
    if (!publishable || !secret) {
      throw new Error(
        "SITE_AUTH_PUBLISHABLE_CLIENT_KEY and SITE_AUTH_SECRET_SERVER_KEY are required with SITE_AUTH_PROJECT_ID",
      );
    }
    await ensureProject(db, {
      id: config.SITE_AUTH_PROJECT_ID,
      displayName: SITE_AUTH_PROJECT_DISPLAY_NAME,
      config: projectSettings,
      keys: { publishableClientKey: publishable, secretServerKey: secret },
    });
    return {
      projectId: config.SITE_AUTH_PROJECT_ID,
      publishableClientKey: publishable,
      secretServerKey: secret,
      source: "environment",
    };
  }

  return withSiteSettingsLock(db, async (tx) => {
    const stored = storedProjectSchema.safeParse(
      await getSiteSetting(tx, SITE_AUTH_PROJECT_SETTING),
    );
    if (stored.success) return { ...stored.data, source: "database" as const };

    const created = await ensureProject(tx, {
      displayName: SITE_AUTH_PROJECT_DISPLAY_NAME,
      description: "Users of this project may sign in to the site's admin area.",
      config: projectSettings,
    });
    if (!created.publishableClientKey || !created.secretServerKey) {
      throw new Error("The auth platform created the site project without keys");
    }
    const project = {
      projectId: created.projectId,
      publishableClientKey: created.publishableClientKey,
      secretServerKey: created.secretServerKey,
    };
    await setSiteSetting(tx, SITE_AUTH_PROJECT_SETTING, project);
    return { ...project, source: "created" as const };
  });
}

/** The part of the site's auth project that may be sent to browsers. */
export function publicSiteAuthConfig(project: SiteAuthProject): PublicSiteAuthConfig {
  return { projectId: project.projectId, publishableClientKey: project.publishableClientKey };
}
