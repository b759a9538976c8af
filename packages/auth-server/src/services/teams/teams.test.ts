/**
 * Teams, memberships and member profiles called directly (contract §2.7, §2.8, §2.10): what they
 * store (teams, members, the default grants, the selection), what they refuse (unknown teams,
 * users and memberships) with the stored rows unchanged, and that a team or user of one project is
 * never found, joined or changed through another.
 */
import { randomUUID } from "node:crypto";
import { KnownError, type KnownErrorCode } from "@heritage/auth-protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionGrants, teamMembers, teams, users } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { createUser } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import {
  getMemberProfile,
  listMemberProfiles,
  toMemberProfileWire,
  updateMemberProfile,
} from "./team-member-profiles";
import {
  addMemberToTeam,
  createTeamWithCreator,
  deleteTeam,
  ensureTeamMember,
  findTeam,
  isTeamMember,
  listTeams,
  removeTeamMember,
  requireTeam,
  updateTeam,
} from "./teams";

let t: TestAuthApi;
let deps: AuthDeps;
/** The project under test, and another one on the same database. */
let project: LoadedProject;
let other: LoadedProject;
let counter = 0;

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = t.serviceDeps();
  project = await t.createLoadedProject();
  other = await t.createLoadedProject();
});
afterAll(() => t.close());

async function newUser(of: LoadedProject = project, displayName: string | null = null) {
  counter += 1;
  const created = await t.db.transaction((tx) =>
    createUser(tx, deps, of, {
      primary_email: `member-${counter}@example.com`,
      display_name: displayName,
    }),
  );
  return created.row.id;
}

async function knownErrorOf(promise: Promise<unknown>): Promise<KnownError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof KnownError)) throw new Error(`Expected a known error, got ${error}`);
  return error;
}

async function expectCode(promise: Promise<unknown>, code: KnownErrorCode): Promise<KnownError> {
  const error = await knownErrorOf(promise);
  expect(error.code).toBe(code);
  return error;
}

/** The direct team grants of a user, sorted. */
async function grantsOf(userId: string, teamId: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: permissionGrants.permissionId })
    .from(permissionGrants)
    .where(and(eq(permissionGrants.userId, userId), eq(permissionGrants.teamId, teamId)));
  return rows.map((row) => row.id).sort();
}

async function teamRow(teamId: string) {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

describe("teams and memberships (happy)", () => {
  it("creates a team whose creator joins with the team-creator defaults", async () => {
    const creator = await newUser();
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Crew",
      server_metadata: { plan: "gold" },
      creatorUserId: creator,
    });
    expect(team).toMatchObject({
      projectId: project.id,
      displayName: "Crew",
      serverMetadata: { plan: "gold" },
      clientMetadata: null,
    });
    expect(await teamRow(team.id)).toEqual(team);
    expect(await isTeamMember(t.db, project.id, team.id, creator)).toBe(true);
    expect(await grantsOf(creator, team.id)).toEqual(["team_admin"]);

    // Without a creator the team has no members at all.
    const empty = await createTeamWithCreator(deps, project, {
      display_name: "Nobody",
      creatorUserId: null,
    });
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, empty.id));
    expect(members).toEqual([]);
  });

  it("adds a member with the team-member defaults, once, and removes them with grants and selection", async () => {
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Joiners",
      creatorUserId: null,
    });
    const keep = await createTeamWithCreator(deps, project, {
      display_name: "Other team",
      creatorUserId: null,
    });
    const member = await newUser();
    await addMemberToTeam(deps, project, { teamId: team.id, userId: member });
    await addMemberToTeam(deps, project, { teamId: keep.id, userId: member });
    expect(await grantsOf(member, team.id)).toEqual(["team_member"]);
    // Accepting an invitation again changes nothing.
    await ensureTeamMember(deps, project, { teamId: team.id, userId: member });
    expect(await grantsOf(member, team.id)).toEqual(["team_member"]);

    await t.db.update(users).set({ selectedTeamId: team.id }).where(eq(users.id, member));
    await removeTeamMember(t.db, project.id, { teamId: team.id, userId: member });
    expect(await isTeamMember(t.db, project.id, team.id, member)).toBe(false);
    expect(await grantsOf(member, team.id)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, member));
    expect(row?.selectedTeamId).toBeNull();
    // Their other membership and its grants stay.
    expect(await isTeamMember(t.db, project.id, keep.id, member)).toBe(true);
    expect(await grantsOf(member, keep.id)).toEqual(["team_member"]);
  });

  it("updates only the given fields, and a deleted team takes its members and grants along", async () => {
    const creator = await newUser();
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Before",
      client_metadata: { theme: "dark" },
      creatorUserId: creator,
    });
    const updated = await updateTeam(t.db, project.id, team.id, { display_name: "After" });
    expect(updated).toMatchObject({ displayName: "After", clientMetadata: { theme: "dark" } });
    expect((await teamRow(team.id))?.displayName).toBe("After");

    await deleteTeam(t.db, project.id, team.id);
    expect(await teamRow(team.id)).toBeNull();
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual(
      [],
    );
    expect(await grantsOf(creator, team.id)).toEqual([]);
    // The user stays.
    expect(await t.db.select().from(users).where(eq(users.id, creator))).toHaveLength(1);
  });

  it("lists the project's teams oldest first, or only a user's", async () => {
    const listed = await t.createLoadedProject();
    const user = await newUser(listed);
    const first = await createTeamWithCreator(deps, listed, {
      display_name: "First",
      creatorUserId: null,
    });
    t.clock.advance(1000);
    const second = await createTeamWithCreator(deps, listed, {
      display_name: "Second",
      creatorUserId: user,
    });
    t.clock.advance(1000);
    const third = await createTeamWithCreator(deps, listed, {
      display_name: "Third",
      creatorUserId: user,
    });
    expect((await listTeams(t.db, listed.id)).map((team) => team.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    expect((await listTeams(t.db, listed.id, user)).map((team) => team.id)).toEqual([
      second.id,
      third.id,
    ]);
  });

  it("gives a member's own name and picture in a team, falling back to the user's", async () => {
    const user = await newUser(project, "Ada Lovelace");
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Profiles",
      creatorUserId: user,
    });
    const before = await getMemberProfile(t.db, project.id, team.id, user);
    expect({ name: before.displayName, picture: before.profileImageUrl }).toEqual({
      name: "Ada Lovelace",
      picture: null,
    });
    const after = await updateMemberProfile(t.db, project.id, {
      teamId: team.id,
      userId: user,
      displayName: "Countess",
      profileImageUrl: "https://example.com/ada.png",
    });
    expect(toMemberProfileWire(after, project.config, false)).toEqual({
      team_id: team.id,
      user_id: user,
      display_name: "Countess",
      profile_image_url: "https://example.com/ada.png",
    });
    // Server access sees the full user; the user's own name is unchanged.
    const wire = toMemberProfileWire(after, project.config, true) as {
      user: { id: string; display_name: string; server_metadata: unknown };
    };
    expect(wire.user).toMatchObject({ id: user, display_name: "Ada Lovelace" });
    expect(wire.user).toHaveProperty("server_metadata");
    const listed = await listMemberProfiles(t.db, project.id, { teamId: team.id });
    expect(listed.map((profile) => profile.displayName)).toEqual(["Countess"]);
  });
});

describe("teams and memberships (error)", () => {
  it("refuses an unknown creator and stores no team", async () => {
    const before = await t.db.select().from(teams).where(eq(teams.projectId, project.id));
    await expectCode(
      createTeamWithCreator(deps, project, {
        display_name: "Ghost's team",
        creatorUserId: randomUUID(),
      }),
      "USER_NOT_FOUND",
    );
    const after = await t.db.select().from(teams).where(eq(teams.projectId, project.id));
    expect(after).toHaveLength(before.length);
  });

  it("refuses a second membership, an unknown team and an unknown user, granting nothing", async () => {
    const creator = await newUser();
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Full",
      creatorUserId: creator,
    });
    await expectCode(
      addMemberToTeam(deps, project, { teamId: team.id, userId: creator }),
      "TEAM_MEMBERSHIP_ALREADY_EXISTS",
    );
    // Still the creator's grants only, not team_member on top.
    expect(await grantsOf(creator, team.id)).toEqual(["team_admin"]);

    const missingTeam = randomUUID();
    const refused = await expectCode(
      addMemberToTeam(deps, project, { teamId: missingTeam, userId: creator }),
      "TEAM_NOT_FOUND",
    );
    expect(refused.details).toEqual({ team_id: missingTeam });
    await expectCode(
      addMemberToTeam(deps, project, { teamId: team.id, userId: randomUUID() }),
      "USER_NOT_FOUND",
    );
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(members.map((member) => member.userId)).toEqual([creator]);
  });

  it("refuses to change, delete or leave what is not there", async () => {
    const missing = randomUUID();
    await expectCode(
      updateTeam(t.db, project.id, missing, { display_name: "x" }),
      "TEAM_NOT_FOUND",
    );
    await expectCode(deleteTeam(t.db, project.id, missing), "TEAM_NOT_FOUND");
    await expectCode(requireTeam(t.db, project.id, missing), "TEAM_NOT_FOUND");

    const team = await createTeamWithCreator(deps, project, {
      display_name: "Members only",
      creatorUserId: null,
    });
    const outsider = await newUser();
    const notMember = await expectCode(
      removeTeamMember(t.db, project.id, { teamId: team.id, userId: outsider }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    expect(notMember.details).toEqual({ team_id: team.id, user_id: outsider });
    await expectCode(
      getMemberProfile(t.db, project.id, team.id, outsider),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    await expectCode(
      updateMemberProfile(t.db, project.id, {
        teamId: team.id,
        userId: outsider,
        displayName: "Intruder",
      }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual(
      [],
    );
  });
});

describe("teams and memberships (security)", () => {
  it("never finds, lists, changes or deletes a team through another project", async () => {
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Project A's",
      creatorUserId: null,
    });
    expect(await findTeam(t.db, other.id, team.id)).toBeNull();
    expect((await listTeams(t.db, other.id)).map((row) => row.id)).not.toContain(team.id);
    await expectCode(
      updateTeam(t.db, other.id, team.id, { display_name: "Taken over", server_metadata: {} }),
      "TEAM_NOT_FOUND",
    );
    await expectCode(deleteTeam(t.db, other.id, team.id), "TEAM_NOT_FOUND");
    expect(await teamRow(team.id)).toEqual(team);
  });

  it("never lets a user of one project create, join or be added to a team of another", async () => {
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Closed",
      creatorUserId: null,
    });
    const stranger = await newUser(other);
    await expectCode(
      createTeamWithCreator(deps, project, { display_name: "Mine", creatorUserId: stranger }),
      "USER_NOT_FOUND",
    );
    await expectCode(
      addMemberToTeam(deps, project, { teamId: team.id, userId: stranger }),
      "USER_NOT_FOUND",
    );
    await expectCode(
      addMemberToTeam(deps, other, { teamId: team.id, userId: stranger }),
      "TEAM_NOT_FOUND",
    );
    // Accepting an invitation goes through ensureTeamMember: the same checks, whoever calls.
    await expectCode(
      ensureTeamMember(deps, other, { teamId: team.id, userId: stranger }),
      "TEAM_NOT_FOUND",
    );
    await expectCode(
      ensureTeamMember(deps, project, { teamId: team.id, userId: stranger }),
      "USER_NOT_FOUND",
    );
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, stranger))).toEqual(
      [],
    );
    expect(await listTeams(t.db, project.id, stranger)).toEqual([]);
    expect(await isTeamMember(t.db, other.id, team.id, stranger)).toBe(false);
  });

  it("never reads or changes a member's profile, or removes them, through another project", async () => {
    const member = await newUser(project, "Kept");
    const team = await createTeamWithCreator(deps, project, {
      display_name: "Private",
      creatorUserId: member,
    });
    expect(await listMemberProfiles(t.db, other.id, { teamId: team.id })).toEqual([]);
    expect(await listMemberProfiles(t.db, other.id, { userId: member })).toEqual([]);
    await expectCode(
      updateMemberProfile(t.db, other.id, { teamId: team.id, userId: member, displayName: "x" }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    await expectCode(
      removeTeamMember(t.db, other.id, { teamId: team.id, userId: member }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    const profile = await getMemberProfile(t.db, project.id, team.id, member);
    expect(profile.displayName).toBe("Kept");
    expect(await grantsOf(member, team.id)).toEqual(["team_admin"]);
  });
});
