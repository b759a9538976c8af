/**
 * @module
 * The site's project on the auth platform: found or created at start, its keys kept by the server.
 * The site's admins are that project's users (sign-up is off: admins are created by admins).
 */
import { randomBytes } from "node:crypto";
import { isKnownError } from "@heritage/auth-protocol";
import {
  createAccessTokenVerifier,
  createUserWithPassword,
  ensureProject,
} from "@heritage/auth-server";
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { siteAuthProject } from "./schema";
import type { SiteAuthSettings } from "./site-auth-config";

export interface SiteAuth {
  projectId: string;
  /** The only key a browser receives. */
  publishableClientKey: string;
  /** Server-side only (creating and listing admins); never put it in a page. */
  secretServerKey: string;
  /** Verifies an access token of this project with the platform's keys, in process. */
  verifyAccessToken(token: string): Promise<{ userId: string } | null>;
}

const siteProjectConfig = { auth: { allowSignUp: false } };

function generateKey(prefix: string): string {
  return `${prefix}_${randomBytes(30).toString("base64url")}`;
}

async function findOrCreateStoredProject(db: Database) {
  const existing = await db.select().from(siteAuthProject).where(eq(siteAuthProject.id, "site"));
  if (existing[0]) return existing[0];
  // Several processes may start at once: the first insert wins and everyone uses its row.
  await db
    .insert(siteAuthProject)
    .values({
      id: "site",
      projectId: crypto.randomUUID(),
      publishableClientKey: generateKey("pck"),
      secretServerKey: generateKey("ssk"),
    })
    .onConflictDoNothing();
  const [stored] = await db.select().from(siteAuthProject).where(eq(siteAuthProject.id, "site"));
  if (!stored) throw new Error("The site's auth project could not be stored");
  return stored;
}

export async function ensureSiteAuth(
  db: Database,
  settings: SiteAuthSettings,
  options: { baseUrl: string; logger: Logger },
): Promise<SiteAuth> {
  const fromEnvironment =
    settings.SITE_AUTH_PROJECT_ID &&
    settings.SITE_AUTH_PUBLISHABLE_CLIENT_KEY &&
    settings.SITE_AUTH_SECRET_SERVER_KEY
      ? {
          projectId: settings.SITE_AUTH_PROJECT_ID,
          publishableClientKey: settings.SITE_AUTH_PUBLISHABLE_CLIENT_KEY,
          secretServerKey: settings.SITE_AUTH_SECRET_SERVER_KEY,
        }
      : undefined;
  const project = fromEnvironment ?? (await findOrCreateStoredProject(db));

  const { created } = await ensureProject(db, {
    id: project.projectId,
    displayName: "Balkan Heritage site",
    description: "Administrators of the public website",
    config: siteProjectConfig,
    keys: {
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
    },
  });
  if (created)
    options.logger.info({ projectId: project.projectId }, "created the site's auth project");

  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    try {
      await createUserWithPassword(db, {
        projectId: project.projectId,
        email: settings.ADMIN_EMAIL,
        password: settings.ADMIN_PASSWORD,
        primaryEmailVerified: true,
      });
      options.logger.info({ email: settings.ADMIN_EMAIL }, "created the admin from ADMIN_EMAIL");
    } catch (error) {
      if (!isKnownError(error, "USER_EMAIL_ALREADY_EXISTS")) throw error;
    }
  }

  const verifier = createAccessTokenVerifier(db, { baseUrl: options.baseUrl });
  return {
    projectId: project.projectId,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    async verifyAccessToken(token) {
      const result = await verifier.verify(token, { projectId: project.projectId });
      return isKnownError(result) ? null : { userId: result.userId };
    },
  };
}
