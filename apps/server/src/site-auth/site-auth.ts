/**
 * @module
 * The site's project on the auth platform: found or created at start, its keys kept by the server
 * (in the database, the secret server key encrypted with SECRETS_KEY). The site's admins are that project's users (sign-up is off: admins are created by admins),
 * each with a role, `admin` or `editor` (site-roles.ts); the first admin, made on /login or from
 * ADMIN_EMAIL, is an `admin`.
 */
import { isKnownError } from "@heritage/auth-protocol";
import {
  type AccessTokenVerifier,
  createFirstUserWithPassword,
  createUserWithPassword,
  ensureProject,
  keyMismatchError,
  projectHasUsers,
  type SecretBox,
  type SecretsKeySettings,
  secretBoxFromSettings,
} from "@heritage/auth-server";
import {
  getSiteSetting,
  metadataWithSiteRole,
  type SiteRole,
  setSiteSetting,
  withSiteSettingsLock,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Logger } from "pino";
import { z } from "zod";
import type { SiteAuthSettings } from "./site-auth-config";
import type { SiteRoleReader } from "./site-roles";

export interface SiteAuth {
  projectId: string;
  /** The only key a browser receives. */
  publishableClientKey: string;
  /** Server-side only (creating and listing admins); never put it in a page. */
  secretServerKey: string;
  /** Whether the project has any user yet (anonymous and restricted ones included). */
  hasUsers(): Promise<boolean>;
  /**
   * "Create the first admin account": creates the admin only while the project has no user,
   * serialised with other submissions and the ADMIN_EMAIL bootstrap (null: one exists already).
   * Throws the platform's known errors (e.g. a password it refuses).
   */
  createFirstAdmin(admin: NewSiteAdmin): Promise<{ userId: string } | null>;
}

export interface NewSiteAdmin {
  email: string;
  password: string;
  displayName: string | null;
}

const siteProjectConfig = { auth: { allowSignUp: false } };
/** The first admin's role, stored on the user (no role would read as admin too; decision 032). */
const firstAdminMetadata = metadataWithSiteRole(null, "admin");
const siteProjectDisplayName = "Balkan Heritage site";
const siteProjectDescription = "Administrators of the public website";

/** Where a project the server created itself is remembered (content's site settings). */
export const SITE_AUTH_PROJECT_SETTING = "site_auth_project";

/** `secretServerKey` is stored encrypted (SECRETS_KEY); versions before that stored it plain. */
const storedProjectSchema = z.object({
  projectId: z.string().min(1),
  publishableClientKey: z.string().min(1),
  secretServerKey: z.string().min(1),
});

type StoredProject = z.infer<typeof storedProjectSchema>;

/** Binds the stored key to this setting and project: a value copied elsewhere does not open. */
function secretServerKeyContext(projectId: string): string {
  return `content.site_settings.${SITE_AUTH_PROJECT_SETTING}.secretServerKey:${projectId}`;
}

function sealStoredProject(secrets: SecretBox, project: StoredProject): StoredProject {
  const context = secretServerKeyContext(project.projectId);
  return { ...project, secretServerKey: secrets.seal(project.secretServerKey, context) };
}

async function findOrCreateStoredProject(db: Database, secrets: SecretBox): Promise<StoredProject> {
  // Several processes may start at once: they queue on the lock and the first creates the project.
  return withSiteSettingsLock(db, async (tx) => {
    const stored = storedProjectSchema.safeParse(
      await getSiteSetting(tx, SITE_AUTH_PROJECT_SETTING),
    );
    if (stored.success) {
      const sealedKey = stored.data.secretServerKey;
      const state = secrets.stateOf(sealedKey);
      if (state === "unknown-key") {
        throw keyMismatchError(secrets, `content.site_settings (${SITE_AUTH_PROJECT_SETTING})`, [
          secrets.keyIdOf(sealedKey) ?? "?",
        ]);
      }
      const project = {
        ...stored.data,
        secretServerKey: secrets.open(sealedKey, secretServerKeyContext(stored.data.projectId)),
      };
      // Plain (stored by an older version) or under a previous key: re-stored under SECRETS_KEY.
      if (state !== "current") {
        await setSiteSetting(tx, SITE_AUTH_PROJECT_SETTING, sealStoredProject(secrets, project));
      }
      return project;
    }
    const created = await ensureProject(tx, {
      displayName: siteProjectDisplayName,
      description: siteProjectDescription,
      config: siteProjectConfig,
    });
    if (!created.publishableClientKey || !created.secretServerKey) {
      throw new Error("The auth platform created the site's project without keys");
    }
    const project = {
      projectId: created.projectId,
      publishableClientKey: created.publishableClientKey,
      secretServerKey: created.secretServerKey,
    };
    await setSiteSetting(tx, SITE_AUTH_PROJECT_SETTING, sealStoredProject(secrets, project));
    return project;
  });
}

/** `settings` carries SECRETS_KEY when the project's keys are kept in the database. */
export async function ensureSiteAuth(
  db: Database,
  settings: SiteAuthSettings & SecretsKeySettings,
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
  const project =
    fromEnvironment ?? (await findOrCreateStoredProject(db, secretBoxFromSettings(settings)));

  const { created } = await ensureProject(db, {
    id: project.projectId,
    displayName: siteProjectDisplayName,
    description: siteProjectDescription,
    config: siteProjectConfig,
    keys: {
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
    },
  });
  if (created)
    options.logger.info({ projectId: project.projectId }, "created the site's auth project");

  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    // Takes the same lock as createFirstAdmin: a first-admin form sent to another process while
    // this one starts is refused once this admin exists.
    try {
      await createUserWithPassword(db, {
        projectId: project.projectId,
        email: settings.ADMIN_EMAIL,
        password: settings.ADMIN_PASSWORD,
        primaryEmailVerified: true,
        clientReadOnlyMetadata: firstAdminMetadata,
      });
      options.logger.info({ email: settings.ADMIN_EMAIL }, "created the admin from ADMIN_EMAIL");
    } catch (error) {
      if (!isKnownError(error, "USER_EMAIL_ALREADY_EXISTS")) throw error;
    }
  }

  return {
    projectId: project.projectId,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    hasUsers: () => projectHasUsers(db, project.projectId),
    createFirstAdmin: (admin) =>
      createFirstUserWithPassword(db, {
        projectId: project.projectId,
        email: admin.email,
        password: admin.password,
        displayName: admin.displayName,
        primaryEmailVerified: true,
        clientReadOnlyMetadata: firstAdminMetadata,
      }),
  };
}

/** The site's project with its admins' sessions checked in process (the web app's load context). */
export interface SiteAuthWithSessions extends SiteAuth {
  /**
   * Verifies an access token of this project with the platform's keys and gives its user's
   * role as it is now; null when not valid (or the user is gone).
   */
  verifyAccessToken(token: string): Promise<{ userId: string; role: SiteRole } | null>;
}

/**
 * Adds the session check to the site's project, over the process's one verifier (the auth API's
 * `accessTokens`). Admin pages act with the project's secret key: a signed-out or removed admin's
 * token stops working at once, not when it expires, and a changed role counts from the next
 * request (`roleOf`, site-roles.ts).
 */
export function withSiteSessions(
  siteAuth: SiteAuth,
  accessTokens: AccessTokenVerifier,
  roleOf: SiteRoleReader,
): SiteAuthWithSessions {
  return {
    ...siteAuth,
    async verifyAccessToken(token) {
      const result = await accessTokens.verify(token, {
        projectId: siteAuth.projectId,
        requireLiveSession: true,
      });
      if (isKnownError(result)) return null;
      const role = await roleOf(result.userId);
      return role === null ? null : { userId: result.userId, role };
    },
  };
}
