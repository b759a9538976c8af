/**
 * Users in the database: loading a user with its primary e-mail, selected team, password flag and
 * linked OAuth accounts (one query, prepared once per database), listing pages of users, recording
 * activity and deleting. Writes that create or change a user live in user-writes.ts, the wire
 * shapes in user-wire.ts.
 * @module
 */
import type { UserOAuthProvider } from "@heritage/auth-protocol";
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import {
  contactChannels,
  oauthAccounts,
  passwordCredentials,
  type TeamRow,
  teamMembers,
  teams,
  type UserRow,
  users,
} from "../../db/schema";
import type { LoadedProject } from "../projects/projects";
import { emitWebhookEvent } from "../webhooks/webhook-events";

export interface PrimaryEmail {
  id: string;
  value: string;
  isVerified: boolean;
  usedForAuth: boolean;
}

export interface LoadedUser {
  row: UserRow;
  primaryEmail: PrimaryEmail | null;
  selectedTeam: TeamRow | null;
  hasPassword: boolean;
  /** Linked OAuth accounts (the wire's `oauth_providers`), oldest first. */
  oauthProviders: UserOAuthProvider[];
}

const primaryEmailJoin = and(
  eq(contactChannels.userId, users.id),
  eq(contactChannels.type, "email"),
  eq(contactChannels.isPrimary, true),
);

/**
 * The user's linked OAuth accounts as the wire's `oauth_providers`, oldest first; a correlated
 * subquery keeps one row per user (a join would multiply them).
 */
const oauthProvidersOfUser = sql<UserOAuthProvider[] | null>`(
  select json_agg(json_build_object(
    'id', ${oauthAccounts.providerConfigId},
    'account_id', ${oauthAccounts.providerAccountId},
    'email', ${oauthAccounts.email}
  ) order by ${oauthAccounts.createdAt}, ${oauthAccounts.id})
  from ${oauthAccounts} where ${oauthAccounts.userId} = ${users.id}
)`;

/** What a loaded user is read with: the user, its primary e-mail, selected team and sign-in facts. */
const loadedUserFields = {
  user: users,
  emailId: contactChannels.id,
  emailValue: contactChannels.value,
  emailVerified: contactChannels.isVerified,
  emailUsedForAuth: contactChannels.usedForAuth,
  team: teams,
  hasPassword: sql<boolean>`${passwordCredentials.userId} is not null`,
  oauthProviders: oauthProvidersOfUser,
};

function selectLoadedUsers(db: Database) {
  return db
    .select(loadedUserFields)
    .from(users)
    .leftJoin(contactChannels, primaryEmailJoin)
    .leftJoin(teams, eq(teams.id, users.selectedTeamId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .$dynamic();
}

type LoadedUserRecord = Awaited<
  ReturnType<ReturnType<typeof selectLoadedUsers>["execute"]>
>[number];

function toLoadedUser(record: LoadedUserRecord): LoadedUser {
  return {
    row: record.user,
    primaryEmail:
      record.emailId !== null && record.emailValue !== null
        ? {
            id: record.emailId,
            value: record.emailValue,
            isVerified: record.emailVerified ?? false,
            usedForAuth: record.emailUsedForAuth ?? false,
          }
        : null,
    selectedTeam: record.team,
    hasPassword: Boolean(record.hasPassword),
    oauthProviders: record.oauthProviders ?? [],
  };
}

/**
 * The user query, built once per database: Drizzle spends about as long building this statement's
 * SQL (four joins and a subquery) as PostgreSQL spends running it, and every authenticated request
 * with a token runs it. On PostgreSQL it is also a named prepared statement, parsed once per
 * connection.
 */
function prepareFindUser(db: Database) {
  return selectLoadedUsers(db)
    .where(
      and(
        eq(users.projectId, sql.placeholder("projectId")),
        eq(users.id, sql.placeholder("userId")),
      ),
    )
    .limit(1)
    .prepare("heritage_auth_find_user");
}

const preparedFindUser = new WeakMap<Database, ReturnType<typeof prepareFindUser>>();

export async function findUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<LoadedUser | null> {
  let prepared = preparedFindUser.get(db);
  if (!prepared) {
    prepared = prepareFindUser(db);
    preparedFindUser.set(db, prepared);
  }
  const [record] = await prepared.execute({ projectId, userId });
  return record ? toLoadedUser(record) : null;
}

export async function requireUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<LoadedUser> {
  const user = await findUser(db, projectId, userId);
  if (!user) throw knownErrors.userNotFound();
  return user;
}

/** Emails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Deletes a user; sessions, memberships, permissions, channels and password go with it (cascade). */
export async function deleteUser(db: Database, projectId: string, userId: string): Promise<void> {
  // The `user.deleted` event names the teams the user was in; the memberships go with the user.
  const teamsOfUser = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)));
  const deleted = await db
    .delete(users)
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)))
    .returning({ id: users.id });
  if (deleted.length === 0) throw knownErrors.userNotFound();
  await emitWebhookEvent(db, projectId, "user.deleted", { id: userId, teams: teamsOfUser });
}

export interface ListUsersOptions {
  limit?: number;
  cursor?: string;
  orderBy: "signed_up_at" | "last_active_at";
  desc: boolean;
  query?: string;
  teamId?: string;
  includeRestricted: boolean;
  includeAnonymous: boolean;
  onlyAnonymous: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One page of users. `cursor` is inclusive: `nextCursor` is the id of the first user of the next page
 * (non-null only when a limit was given and more users exist).
 */
export async function listUsers(
  db: Database,
  project: LoadedProject,
  options: ListUsersOptions,
): Promise<{ users: LoadedUser[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(users.projectId, project.id)];
  const notVerified = sql`coalesce(${contactChannels.isVerified}, false) = false`;
  const isRestricted = project.config.onboarding.requireEmailVerification
    ? sql`(${users.restrictedByAdmin} or ${notVerified})`
    : sql`${users.restrictedByAdmin}`;
  if (options.onlyAnonymous) {
    conditions.push(eq(users.isAnonymous, true));
  } else if (!options.includeAnonymous) {
    conditions.push(eq(users.isAnonymous, false));
    if (!options.includeRestricted) conditions.push(sql`not ${isRestricted}`);
  }
  if (options.teamId) {
    conditions.push(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${teamMembers.teamId} = ${options.teamId})`,
    );
  }
  const query = options.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const matches: SQL[] = [
      ilike(users.displayName, pattern),
      sql`exists (select 1 from ${contactChannels} cc where cc.user_id = ${users.id} and cc.value ilike ${pattern})`,
    ];
    if (uuidPattern.test(query)) matches.push(eq(users.id, query.toLowerCase()));
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  const orderColumn = options.orderBy === "last_active_at" ? users.lastActiveAt : users.signedUpAt;
  if (options.cursor) {
    const columnName = sql.raw(options.orderBy);
    const comparison = sql.raw(options.desc ? "<=" : ">=");
    conditions.push(
      sql`(${orderColumn}, ${users.id}) ${comparison} (select c.${columnName}, c.id from ${users} c where c.id = ${options.cursor} and c.project_id = ${project.id})`,
    );
  }
  const direction = options.desc ? desc : asc;
  let statement = selectLoadedUsers(db)
    .where(and(...conditions))
    .orderBy(direction(orderColumn), direction(users.id));
  if (options.limit !== undefined) statement = statement.limit(options.limit + 1);
  const records = await statement;
  const page = options.limit === undefined ? records : records.slice(0, options.limit);
  const next = options.limit === undefined ? undefined : records[options.limit];
  return { users: page.map(toLoadedUser), nextCursor: next ? next.user.id : null };
}

/** Records activity (minting an access token counts). */
export async function touchUser(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}
