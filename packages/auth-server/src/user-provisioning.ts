/**
 * Creating users from other modules without HTTP: the site's first-admin flow creates its administrator
 * with an email and password in its own project.
 * @module
 */

import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { type Argon2Parameters, createPasswordHasher } from "./services/passwords";
import { findProject } from "./services/projects";
import { defaultIdGenerators } from "./services/secrets";
import { createUser } from "./services/users";

export interface CreateUserWithPasswordOptions {
  projectId: string;
  email: string;
  password: string;
  displayName?: string | null;
  /** Mark the email as verified (the operator typed it in). Default false. */
  primaryEmailVerified?: boolean;
  serverMetadata?: unknown;
  /** Tests only: cheaper argon2id parameters. */
  passwordHashing?: Argon2Parameters;
  clock?: () => Date;
}

/**
 * Creates a user who signs in with this email and password. Throws KE USER_EMAIL_ALREADY_EXISTS when
 * the address is taken, KE CURRENT_PROJECT_NOT_FOUND for an unknown project.
 */
export async function createUserWithPassword(
  db: Database,
  options: CreateUserWithPasswordOptions,
): Promise<{ userId: string }> {
  const project = await findProject(db, options.projectId);
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
    }),
  );
  return { userId: user.row.id };
}
