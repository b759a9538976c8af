/**
 * Creating users from other modules without HTTP: the site's first-admin flow creates its administrator
 * with an email and password in its own project.
 * @module
 */

import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, sql } from "drizzle-orm";
import { contactChannels, users } from "./db/schema";
import { createUser } from "./services/accounts/user-writes";
import { type Argon2Parameters, createPasswordHasher } from "./services/password-hashing/passwords";
import { findProjectSealed } from "./services/projects/projects";
import { defaultIdGenerators } from "./services/secrets/secrets";

export interface CreateUserWithPasswordOptions {
  projectId: string;
  email: string;
  password: string;
  displayName?: string | null;
  /** Mark the email as verified (the operator typed it in). Default false. */
  primaryEmailVerified?: boolean;
  serverMetadata?: unknown;
  /** What the user may read but not change (the site keeps its admins' role here). */
  clientReadOnlyMetadata?: unknown;
  /** Tests only: cheaper argon2id parameters. */
  passwordHashing?: Argon2Parameters;
  clock?: () => Date;
}

/**
 * Runs `work` in a transaction holding the project's provisioning lock (transaction-scoped, so
 * it is released by commit or rollback, also across processes sharing a PostgreSQL server).
 */
async function withProvisioningLock<T>(
  db: Database,
  projectId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`provision-users:${projectId}`}))`,
    );
    return work(tx);
  });
}

async function insertUserWithPassword(
  db: Database,
  options: CreateUserWithPasswordOptions,
): Promise<{ userId: string }> {
  const project = await findProjectSealed(db, options.projectId);
  if (!project) throw knownErrors.currentProjectNotFound({ project_id: options.projectId });
  const deps = {
    ids: defaultIdGenerators,
    passwords: createPasswordHasher(options.passwordHashing),
    clock: options.clock ?? (() => new Date()),
  };
  const user = await db.transaction((tx) =>
    createUser(tx, deps, project, {
      primary_email: options.email,
      primary_email_verified: options.primaryEmailVerified ?? false,
      primary_email_auth_enabled: true,
      password: options.password,
      display_name: options.displayName ?? null,
      ...(options.serverMetadata === undefined ? {} : { server_metadata: options.serverMetadata }),
      ...(options.clientReadOnlyMetadata === undefined
        ? {}
        : { client_read_only_metadata: options.clientReadOnlyMetadata }),
    }),
  );
  return { userId: user.row.id };
}

/**
 * Creates a user who signs in with this email and password. Throws KE USER_EMAIL_ALREADY_EXISTS when
 * the address is taken, KE CURRENT_PROJECT_NOT_FOUND for an unknown project. Runs under the
 * project's provisioning lock, so it never slips between the check and the insert of
 * `createFirstUserWithPassword`.
 */
export async function createUserWithPassword(
  db: Database,
  options: CreateUserWithPasswordOptions,
): Promise<{ userId: string }> {
  return withProvisioningLock(db, options.projectId, (tx) => insertUserWithPassword(tx, options));
}

/**
 * Creates the project's first user, or returns null when it has a real (non-anonymous) user
 * already. The check and the insert hold the project's provisioning lock: of several calls at once
 * (several processes included) exactly one creates a user. Throws as `createUserWithPassword` does.
 */
export async function createFirstUserWithPassword(
  db: Database,
  options: CreateUserWithPasswordOptions,
): Promise<{ userId: string } | null> {
  return withProvisioningLock(db, options.projectId, async (tx) =>
    (await projectHasUsers(tx, options.projectId)) ? null : insertUserWithPassword(tx, options),
  );
}

/**
 * True when the project has at least one real user (restricted ones included). Anonymous users do
 * not count (issue 14): anyone can make one where anonymous sign-up is open, and one of them must
 * not stand in for the first administrator.
 */
export async function projectHasUsers(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.isAnonymous, false)))
    .limit(1);
  return row !== undefined;
}

/**
 * What other modules show for a user (the site's revisions and audit log name the admin who
 * saved): the display name with the primary e-mail address, either alone, or null when the user
 * is gone.
 */
export async function findUserLabel(
  db: Database,
  projectId: string,
  userId: string,
): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const [row] = await db
    .select({ displayName: users.displayName, email: contactChannels.value })
    .from(users)
    .leftJoin(
      contactChannels,
      and(
        eq(contactChannels.userId, users.id),
        eq(contactChannels.type, "email"),
        eq(contactChannels.isPrimary, true),
      ),
    )
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)))
    .limit(1);
  if (!row) return null;
  const name = row.displayName?.trim();
  if (name && row.email) return `${name} (${row.email})`;
  return name || row.email || null;
}
