/**
 * User records and wire shapes called directly (contract §1.8): a loaded user with its primary
 * e-mail, selected team, password flag and OAuth accounts; pages of users (cursor, order, search,
 * anonymous and restricted filters); deletion; the client and server shapes of users and teams.
 * Refusals delete nothing; a user of one project is never loaded, listed or deleted through
 * another; no wire shape carries a password hash or a TOTP secret.
 */
import { randomUUID } from "node:crypto";
import { KnownError } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactChannels,
  oauthAccounts,
  passwordCredentials,
  permissionGrants,
  sessions,
  teamMembers,
  teams,
  users,
} from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { createUser, type UserWriteInput } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { toClientTeam, toServerTeam } from "./team-wire";
import {
  deleteUser,
  findUser,
  type ListUsersOptions,
  listUsers,
  requireUser,
  touchUser,
} from "./user-records";
import { restrictedReasonOf, toClientUser, toServerUser } from "./user-wire";

let t: TestAuthApi;
let deps: AuthDeps;
/** Users get a personal team here; `other` is a second project on the same database. */
let project: LoadedProject;
let other: LoadedProject;
let counter = 0;

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = t.serviceDeps();
  project = await t.createLoadedProject({
    config: { teams: { createPersonalTeamOnSignUp: true } },
  });
  other = await t.createLoadedProject();
});
afterAll(() => t.close());

/** Each user signs up a second after the previous one, so sign-up order is creation order. */
async function newUser(of: LoadedProject, input: UserWriteInput = {}): Promise<string> {
  counter += 1;
  t.clock.advance(1000);
  const created = await t.db.transaction((tx) =>
    createUser(tx, deps, of, { primary_email: `record-${counter}@example.com`, ...input }),
  );
  return created.row.id;
}

const everyone: ListUsersOptions = {
  orderBy: "signed_up_at",
  desc: false,
  includeRestricted: true,
  includeAnonymous: true,
  onlyAnonymous: false,
};

async function listedIds(of: LoadedProject, options: Partial<ListUsersOptions> = {}) {
  const page = await listUsers(t.db, of, { ...everyone, ...options });
  return page.users.map((user) => user.row.id);
}

async function knownErrorOf(promise: Promise<unknown>): Promise<KnownError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof KnownError)) throw new Error(`Expected a known error, got ${error}`);
  return error;
}

describe("user records (happy)", () => {
  it("loads a user with primary e-mail, selected team, password flag and OAuth accounts", async () => {
    const userId = await newUser(project, {
      primary_email: "  Loaded@Example.COM ",
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "password123",
      display_name: "Loaded",
    });
    const at = t.clock();
    await t.db.insert(oauthAccounts).values([
      {
        id: randomUUID(),
        projectId: project.id,
        userId,
        providerConfigId: "google",
        providerAccountId: "g-1",
        email: "loaded@gmail.example",
        createdAt: new Date(at.getTime() + 1000),
      },
      {
        id: randomUUID(),
        projectId: project.id,
        userId,
        providerConfigId: "github",
        providerAccountId: "gh-1",
        email: null,
        createdAt: at,
      },
    ]);
    const user = await requireUser(t.db, project.id, userId);
    expect(user.primaryEmail).toMatchObject({
      value: "loaded@example.com",
      isVerified: true,
      usedForAuth: true,
    });
    expect(user.hasPassword).toBe(true);
    expect(user.selectedTeam?.displayName).toBe("Loaded's Team");
    expect(user.oauthProviders).toEqual([
      { id: "github", account_id: "gh-1", email: null },
      { id: "google", account_id: "g-1", email: "loaded@gmail.example" },
    ]);

    // A user with nothing of the kind.
    const bare = await findUser(t.db, other.id, await newUser(other, { primary_email: null }));
    expect(bare).toMatchObject({
      primaryEmail: null,
      selectedTeam: null,
      hasPassword: false,
      oauthProviders: [],
    });
  });

  it("pages users with an inclusive cursor, by sign-up or activity, both ways", async () => {
    const paged = await t.createLoadedProject();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      t.clock.advance(60_000);
      ids.push(await newUser(paged));
    }
    const [u1, u2, u3, u4, u5] = ids as [string, string, string, string, string];
    const first = await listUsers(t.db, paged, { ...everyone, limit: 2 });
    expect(first.users.map((user) => user.row.id)).toEqual([u1, u2]);
    expect(first.nextCursor).toBe(u3);
    const second = await listUsers(t.db, paged, { ...everyone, limit: 2, cursor: u3 });
    expect(second.users.map((user) => user.row.id)).toEqual([u3, u4]);
    expect(second.nextCursor).toBe(u5);
    const last = await listUsers(t.db, paged, { ...everyone, limit: 2, cursor: u5 });
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.users.map((user) => user.row.id)).toEqual([u5]);
    expect(await listedIds(paged, { desc: true, limit: 2, cursor: u4 })).toEqual([u4, u3]);

    // Activity reorders the last_active_at listing only.
    t.clock.advance(60_000);
    await touchUser(t.db, u2, t.clock());
    expect((await requireUser(t.db, paged.id, u2)).row.lastActiveAt).toEqual(t.clock());
    expect(await listedIds(paged, { orderBy: "last_active_at", desc: true, limit: 2 })).toEqual([
      u2,
      u5,
    ]);
    expect(await listedIds(paged, { desc: true, limit: 1 })).toEqual([u5]);
  });

  it("searches names, addresses and ids, taking LIKE characters literally", async () => {
    const searched = await t.createLoadedProject();
    const percent = await newUser(searched, { display_name: "100% Sure" });
    const digits = await newUser(searched, { display_name: "1000 Sure" });
    const underscore = await newUser(searched, { primary_email: "first_last@example.com" });
    const plain = await newUser(searched, { primary_email: "firstxlast@example.com" });
    expect(await listedIds(searched, { query: "100%" })).toEqual([percent]);
    expect(await listedIds(searched, { query: "SURE" })).toEqual([percent, digits]);
    expect(await listedIds(searched, { query: "first_last" })).toEqual([underscore]);
    expect(await listedIds(searched, { query: "FIRSTXLAST@" })).toEqual([plain]);
    expect(await listedIds(searched, { query: plain.toUpperCase() })).toEqual([plain]);
  });

  it("leaves anonymous and restricted users out unless asked", async () => {
    const filtered = await t.createLoadedProject({
      config: { onboarding: { requireEmailVerification: true } },
    });
    const verified = await newUser(filtered, { primary_email_verified: true });
    const unverified = await newUser(filtered);
    const restricted = await newUser(filtered, {
      primary_email_verified: true,
      restricted_by_admin: true,
      restricted_by_admin_reason: "spam",
    });
    const anonymous = await newUser(filtered, { primary_email: null, is_anonymous: true });
    const only = { includeRestricted: false, includeAnonymous: false, onlyAnonymous: false };
    expect(await listedIds(filtered, only)).toEqual([verified]);
    expect(await listedIds(filtered, { ...only, includeRestricted: true })).toEqual([
      verified,
      unverified,
      restricted,
    ]);
    expect(await listedIds(filtered, { ...only, includeAnonymous: true })).toEqual([
      verified,
      unverified,
      restricted,
      anonymous,
    ]);
    expect(await listedIds(filtered, { ...only, onlyAnonymous: true })).toEqual([anonymous]);

    // The reason, in the contract's order: anonymous, then e-mail, then the administrator.
    const reason = async (userId: string) =>
      restrictedReasonOf(await requireUser(t.db, filtered.id, userId), filtered.config);
    expect(await reason(verified)).toBeNull();
    expect(await reason(unverified)).toEqual({ type: "email_not_verified" });
    expect(await reason(restricted)).toEqual({ type: "restricted_by_administrator" });
    expect(await reason(anonymous)).toEqual({ type: "anonymous" });
  });

  it("deletes a user with its channels, password, sessions, memberships and grants", async () => {
    const userId = await newUser(project, { password: "password123" });
    const user = await requireUser(t.db, project.id, userId);
    await t.db.insert(sessions).values({
      id: randomUUID(),
      projectId: project.id,
      userId,
      refreshTokenHash: `hash-${userId}`,
      expiresAt: new Date(t.clock().getTime() + 60_000),
      lastActiveAt: t.clock(),
    });
    const owned = [
      [contactChannels, contactChannels.userId],
      [passwordCredentials, passwordCredentials.userId],
      [sessions, sessions.userId],
      [teamMembers, teamMembers.userId],
      [permissionGrants, permissionGrants.userId],
    ] as const;
    const rowsOf = () =>
      Promise.all(
        owned.map(async ([table, column]) => {
          return (await t.db.select().from(table).where(eq(column, userId))).length;
        }),
      );
    expect(await rowsOf()).toEqual([1, 1, 1, 1, 1]);
    await deleteUser(t.db, project.id, userId);
    expect(await findUser(t.db, project.id, userId)).toBeNull();
    expect(await rowsOf()).toEqual([0, 0, 0, 0, 0]);
    // The personal team outlives its only member.
    const teamId = user.selectedTeam?.id ?? "";
    expect(await t.db.select().from(teams).where(eq(teams.id, teamId))).toHaveLength(1);
  });
});

describe("user records (error)", () => {
  it("refuses an unknown user: USER_NOT_FOUND, and nothing is deleted", async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    const missing = randomUUID();
    expect(await findUser(t.db, project.id, missing)).toBeNull();
    expect((await knownErrorOf(requireUser(t.db, project.id, missing))).code).toBe(
      "USER_NOT_FOUND",
    );
    expect((await knownErrorOf(deleteUser(t.db, project.id, missing))).code).toBe("USER_NOT_FOUND");
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it("answers an empty page for a cursor that names no user, not the first page", async () => {
    const userId = await newUser(project);
    expect(await listedIds(project, { limit: 10, cursor: randomUUID() })).toEqual([]);
    expect(await listedIds(project, { limit: 10, cursor: userId })).toContain(userId);
  });
});

describe("user records (security)", () => {
  it("never loads, lists or deletes a user through another project", async () => {
    const userId = await newUser(project, { primary_email: "only-in-a@example.com" });
    const user = await requireUser(t.db, project.id, userId);
    const teamId = user.selectedTeam?.id ?? "";
    expect(await findUser(t.db, other.id, userId)).toBeNull();
    expect((await knownErrorOf(requireUser(t.db, other.id, userId))).code).toBe("USER_NOT_FOUND");
    expect(await listedIds(other, { query: userId })).toEqual([]);
    expect(await listedIds(other, { query: "only-in-a" })).toEqual([]);
    expect(await listedIds(other, { teamId })).toEqual([]);
    expect(await listedIds(other, { limit: 5, cursor: userId })).toEqual([]);
    expect((await knownErrorOf(deleteUser(t.db, other.id, userId))).code).toBe("USER_NOT_FOUND");
    expect(await findUser(t.db, project.id, userId)).toEqual(user);
  });

  it("keeps password hashes, TOTP secrets and server-only fields out of the wire shapes", async () => {
    const totpSecret = Buffer.from("twenty-byte-secret!!").toString("base64");
    const userId = await newUser(project, {
      password: "password123",
      totp_secret_base64: totpSecret,
      server_metadata: { internalNote: "server-only-note" },
      restricted_by_admin: true,
      restricted_by_admin_reason: "shown reason",
      restricted_by_admin_private_details: "private-detail-text",
    });
    const [credential] = await t.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, userId));
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    const hash = credential?.passwordHash ?? "";
    const sealedTotp = row?.totpSecretBase64 ?? "";
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(sealedTotp).not.toBe("");
    expect(sealedTotp).not.toContain(totpSecret);

    const user = await requireUser(t.db, project.id, userId);
    const server = toServerUser(user, project.config);
    const client = toClientUser(user, project.config);
    expect(server).toMatchObject({
      has_password: true,
      requires_totp_mfa: true,
      restricted_by_admin_private_details: "private-detail-text",
      server_metadata: { internalNote: "server-only-note" },
    });
    expect(client).toMatchObject({
      has_password: true,
      requires_totp_mfa: true,
      restricted_by_admin_reason: "shown reason",
    });
    for (const shape of [server, client]) {
      const text = JSON.stringify(shape);
      expect(text).not.toContain(hash);
      expect(text).not.toContain(totpSecret);
      expect(text).not.toContain(sealedTotp);
    }
    const clientText = JSON.stringify(client);
    expect(clientText).not.toContain("private-detail-text");
    expect(clientText).not.toContain("server-only-note");
    for (const key of [
      "server_metadata",
      "restricted_by_admin_private_details",
      "risk_scores",
      "country_code",
      "last_active_at_millis",
      "primary_email_auth_enabled",
    ]) {
      expect(client).not.toHaveProperty(key);
    }
  });

  it("shows a team's server metadata to server access only", async () => {
    const userId = await newUser(project);
    const team = (await requireUser(t.db, project.id, userId)).selectedTeam;
    if (!team) throw new Error("The personal team is missing");
    const withMetadata = { ...team, serverMetadata: { billing: "secret-team-note" } };
    expect(toClientTeam(withMetadata)).toEqual({
      id: team.id,
      display_name: team.displayName,
      profile_image_url: null,
      client_metadata: null,
      client_read_only_metadata: null,
    });
    expect(toServerTeam(withMetadata)).toEqual({
      ...toClientTeam(withMetadata),
      created_at_millis: team.createdAt.getTime(),
      server_metadata: { billing: "secret-team-note" },
    });
    const client = toClientUser(
      { ...(await requireUser(t.db, project.id, userId)), selectedTeam: withMetadata },
      project.config,
    );
    expect(JSON.stringify(client)).not.toContain("secret-team-note");
  });
});
