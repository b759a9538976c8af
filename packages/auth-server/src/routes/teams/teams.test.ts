/**
 * `/teams` (contract §2.7) and the user's selected team (§1.7, §1.8): create, list, read, update and
 * delete at client and server access, client team creation by project config, team permissions
 * required of client callers, and stored data left unchanged by every rejected request.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMembers, teams } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let closedProjectId: string;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { teams: { allowClientTeamCreation: true } } })).id;
  closedProjectId = (await t.createProject()).id;
});
afterAll(() => t.close());

interface WireTeam {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  created_at_millis?: number;
  server_metadata?: unknown;
}

const asClient = (user: TestUser, project = projectId) => ({
  accessType: "client" as const,
  projectId: project,
  accessToken: user.accessToken,
});
const asServer = (project = projectId) => ({ accessType: "server" as const, projectId: project });

async function createTeamAs(user: TestUser, displayName: string): Promise<WireTeam> {
  t.clock.advance(1000);
  const response = await t.request("/teams", {
    ...asClient(user),
    body: { display_name: displayName },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as WireTeam;
}

async function addMember(teamId: string, userId: string): Promise<void> {
  const response = await t.request(`/team-memberships/${teamId}/${userId}`, {
    ...asServer(),
    body: {},
  });
  expect(response.status).toBe(201);
}

async function storedTeam(teamId: string) {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

async function teamCount(): Promise<number> {
  return (await t.db.select().from(teams)).length;
}

describe("creating teams", () => {
  it("client: creates a team with the caller as creator (team-creator default permissions)", async () => {
    const user = await t.signUpUser(projectId);
    const team = await createTeamAs(user, "Archivists");
    expect(team).toEqual({
      id: expect.any(String),
      display_name: "Archivists",
      profile_image_url: null,
      client_metadata: null,
      client_read_only_metadata: null,
    });
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(members.map((member) => member.userId)).toEqual([user.userId]);
    const permissions = await t.request(
      `/team-permissions?user_id=me&team_id=${team.id}`,
      asClient(user),
    );
    expect(((await permissions.json()) as { items: { id: string }[] }).items).toEqual([
      { id: "team_admin", user_id: user.userId, team_id: team.id },
    ]);
  });

  it("server: sets every field, with or without a creator", async () => {
    const user = await t.signUpUser(projectId);
    const response = await t.request("/teams", {
      ...asServer(),
      body: {
        display_name: "Server Team",
        creator_user_id: user.userId,
        client_metadata: { a: 1 },
        client_read_only_metadata: { b: 2 },
        server_metadata: { c: 3 },
        profile_image_url: "https://example.com/logo.png",
      },
    });
    expect(response.status).toBe(201);
    const team = (await response.json()) as WireTeam;
    expect(team).toEqual({
      id: expect.any(String),
      display_name: "Server Team",
      profile_image_url: "https://example.com/logo.png",
      client_metadata: { a: 1 },
      client_read_only_metadata: { b: 2 },
      server_metadata: { c: 3 },
      created_at_millis: t.clock().getTime(),
    });
    const lonely = await t.request("/teams", { ...asServer(), body: { display_name: "No One" } });
    expect(lonely.status).toBe(201);
    const lonelyId = ((await lonely.json()) as WireTeam).id;
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, lonelyId))).toEqual(
      [],
    );
  });

  it("client: refused when the project disables client team creation, without a user, or for someone else", async () => {
    const before = await teamCount();
    const closedUser = await t.signUpUser(closedProjectId);
    await expectTextError(
      await t.request("/teams", {
        ...asClient(closedUser, closedProjectId),
        body: { display_name: "Nope" },
      }),
      403,
      "Client team creation is disabled for this project",
    );
    await expectKnownError(
      await t.request("/teams", {
        accessType: "client",
        projectId,
        body: { display_name: "Nope" },
      }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    const user = await t.signUpUser(projectId);
    const other = await t.signUpUser(projectId);
    await expectTextError(
      await t.request("/teams", {
        ...asClient(user),
        body: { display_name: "Nope", creator_user_id: other.userId },
      }),
      403,
      "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
    );
    await expectTextError(
      await t.request("/teams", {
        ...asClient(user),
        body: { display_name: "Nope", profile_image_url: "https://example.com/a.png" },
      }),
      400,
      "Invalid profile image URL",
    );
    const tooLarge = await expectKnownError(
      await t.request("/teams", {
        ...asClient(user),
        body: {
          display_name: "Nope",
          profile_image_url: `data:image/png;base64,${"A".repeat(1_000_000)}`,
        },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(tooLarge.error).toContain("body.profile_image_url must be at most 1000000 characters");
    const schema = await expectKnownError(
      await t.request("/teams", {
        ...asClient(user),
        body: { display_name: "Nope", server_metadata: {} },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(schema.error).toContain("body contains unknown properties: server_metadata");
    await expectKnownError(
      await t.request("/teams", { ...asServer(), body: {} }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/teams", {
        ...asServer(),
        body: { display_name: "Ghost", creator_user_id: "00000000-0000-4000-8000-000000000000" },
      }),
      "USER_NOT_FOUND",
      404,
    );
    expect(await teamCount()).toBe(before);
  });
});

describe("listing and reading teams", () => {
  it("client: lists its own teams oldest first; only for itself", async () => {
    const user = await t.signUpUser(projectId);
    const first = await createTeamAs(user, "First");
    const second = await createTeamAs(user, "Second");
    const stranger = await t.signUpUser(projectId);
    await createTeamAs(stranger, "Elsewhere");

    const response = await t.request("/teams?user_id=me", asClient(user));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: WireTeam[]; is_paginated: boolean };
    expect(body.is_paginated).toBe(false);
    expect(body.items.map((team) => team.id)).toEqual([first.id, second.id]);
    expect(body.items[0]).not.toHaveProperty("server_metadata");

    const byId = await t.request(`/teams?user_id=${user.userId}`, asClient(user));
    expect(((await byId.json()) as { items: WireTeam[] }).items).toHaveLength(2);
    const message =
      'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user';
    await expectTextError(await t.request("/teams", asClient(user)), 403, message);
    await expectTextError(
      await t.request(`/teams?user_id=${stranger.userId}`, asClient(user)),
      403,
      message,
    );
    await expectKnownError(
      await t.request("/teams?user_id=me", { accessType: "client", projectId }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });

  it("server: lists every team of the project or a user's, with the SDK's paging parameters", async () => {
    const user = await t.signUpUser(projectId);
    const team = await createTeamAs(user, "Listed");
    const all = await t.request("/teams", asServer());
    const allItems = ((await all.json()) as { items: WireTeam[] }).items;
    expect(allItems.length).toBe(await t.db.$count(teams, eq(teams.projectId, projectId)));
    const mine = await t.request(
      `/teams?user_id=${user.userId}&order_by=created_at&desc=true&limit=10`,
      asServer(),
    );
    const mineItems = ((await mine.json()) as { items: WireTeam[] }).items;
    expect(mineItems.map((item) => item.id)).toEqual([team.id]);
    expect(mineItems[0]?.created_at_millis).toEqual(expect.any(Number));

    // Paging (inclusive cursor) and search, as the 2.8.108 server SDK sends them.
    const owner = await t.signUpUser(projectId);
    const created: WireTeam[] = [];
    for (const name of ["Alpha Pages", "Beta Pages", "Gamma Pages"]) {
      created.push(await createTeamAs(owner, name));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.request(
        `/teams?user_id=${owner.userId}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        asServer(),
      );
      const body = (await response.json()) as {
        items: WireTeam[];
        is_paginated: boolean;
        pagination: { next_cursor: string | null };
      };
      expect(body.is_paginated).toBe(true);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(created.map((item) => item.id));
    const found = await t.request(`/teams?user_id=${owner.userId}&query=beta`, asServer());
    expect(((await found.json()) as { items: WireTeam[] }).items.map((i) => i.id)).toEqual([
      created[1]?.id,
    ]);
    await expectKnownError(await t.request("/teams?limit=0", asServer()), "SCHEMA_ERROR", 400);
  });

  it("reads a team: client only as a member; unknown team and bad ids are errors", async () => {
    const user = await t.signUpUser(projectId);
    const team = await createTeamAs(user, "Readable");
    const read = await t.request(`/teams/${team.id}`, asClient(user));
    expect(await read.json()).toEqual(team);

    const stranger = await t.signUpUser(projectId);
    const notMember = await expectKnownError(
      await t.request(`/teams/${team.id}`, asClient(stranger)),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    expect(notMember.details).toEqual({ team_id: team.id, user_id: stranger.userId });
    const missing = "00000000-0000-4000-8000-000000000001";
    const notFound = await expectKnownError(
      await t.request(`/teams/${missing}`, asServer()),
      "TEAM_NOT_FOUND",
      404,
    );
    expect(notFound.details).toEqual({ team_id: missing });
    const bad = await expectKnownError(
      await t.request("/teams/not-a-uuid", asServer()),
      "SCHEMA_ERROR",
      400,
    );
    expect(bad.error).toContain("params.team_id must be a valid UUID");
    // A team of another project is not found.
    const otherProjectUser = await t.signUpUser(closedProjectId);
    await expectKnownError(
      await t.request(`/teams/${team.id}`, asServer(closedProjectId)),
      "TEAM_NOT_FOUND",
      404,
    );
    expect(otherProjectUser.userId).toBeTruthy();
  });
});

describe("updating and deleting teams", () => {
  it("client: the creator updates; a plain member lacks $update_team and changes nothing", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const team = await createTeamAs(creator, "Before");
    await addMember(team.id, member.userId);

    const refused = await expectKnownError(
      await t.request(`/teams/${team.id}`, {
        ...asClient(member),
        method: "PATCH",
        body: { display_name: "Hijacked" },
      }),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    expect(refused.details).toEqual({
      team_id: team.id,
      user_id: member.userId,
      permission_id: "$update_team",
    });
    expect((await storedTeam(team.id))?.displayName).toBe("Before");

    const updated = await t.request(`/teams/${team.id}`, {
      ...asClient(creator),
      method: "PATCH",
      body: { display_name: "After", client_metadata: { x: true } },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      display_name: "After",
      client_metadata: { x: true },
    });
    await expectKnownError(
      await t.request(`/teams/${team.id}`, {
        ...asClient(creator),
        method: "PATCH",
        body: { server_metadata: {} },
      }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("refuses query parameters the reference's team CRUD does not know, with every problem", async () => {
    const creator = await t.signUpUser(projectId);
    const team = await createTeamAs(creator, "Query Check");
    const response = await t.request(`/teams/me?team_id=${team.id}`, {
      ...asClient(creator),
      method: "PATCH",
      body: { display_name: "Custom Team Name" },
    });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    expect(body.error).toBe(
      [
        "Request validation failed on PATCH /api/v1/teams/me:",
        "  - params.team_id must be a valid UUID",
        "  - query contains unknown properties: team_id",
      ].join("\n"),
    );
    for (const method of ["GET", "DELETE"]) {
      await expectKnownError(
        await t.request(`/teams/${team.id}?x=1`, { ...asClient(creator), method }),
        "SCHEMA_ERROR",
        400,
      );
    }
    // The names it does know are accepted (and ignored) on every operation.
    const read = await t.request(`/teams/${team.id}?user_id=me`, asClient(creator));
    expect(read.status).toBe(200);
  });

  it("server: updates every field; unknown team is TEAM_NOT_FOUND", async () => {
    const creator = await t.signUpUser(projectId);
    const team = await createTeamAs(creator, "Server Edit");
    const response = await t.request(`/teams/${team.id}`, {
      ...asServer(),
      method: "PATCH",
      body: { server_metadata: { s: 1 }, client_read_only_metadata: { r: 2 } },
    });
    expect(await response.json()).toMatchObject({
      display_name: "Server Edit",
      server_metadata: { s: 1 },
      client_read_only_metadata: { r: 2 },
    });
    // An empty display name is a name like any other, as in the reference.
    const emptied = await t.request(`/teams/${team.id}`, {
      ...asServer(),
      method: "PATCH",
      body: { display_name: "" },
    });
    expect(await emptied.json()).toMatchObject({ display_name: "" });
    expect((await storedTeam(team.id))?.displayName).toBe("");
    await expectKnownError(
      await t.request("/teams/00000000-0000-4000-8000-000000000002", {
        ...asServer(),
        method: "PATCH",
        body: { display_name: "x" },
      }),
      "TEAM_NOT_FOUND",
      404,
    );
  });

  it("client: the creator deletes the team (a member may not); selections of it are cleared", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const team = await createTeamAs(creator, "Doomed");
    await addMember(team.id, member.userId);
    const select = await t.request("/users/me", {
      ...asClient(member),
      method: "PATCH",
      body: { selected_team_id: team.id },
    });
    expect(await select.json()).toMatchObject({
      selected_team_id: team.id,
      selected_team: { id: team.id, display_name: "Doomed" },
    });

    await expectKnownError(
      await t.request(`/teams/${team.id}`, { ...asClient(member), method: "DELETE" }),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    expect(await storedTeam(team.id)).toBeDefined();

    const deleted = await t.request(`/teams/${team.id}`, {
      ...asClient(creator),
      method: "DELETE",
    });
    expect(await deleted.json()).toEqual({ success: true });
    await expectKnownError(await t.request(`/teams/${team.id}`, asServer()), "TEAM_NOT_FOUND", 404);
    const me = await t.request("/users/me", asClient(member));
    expect(await me.json()).toMatchObject({ selected_team_id: null, selected_team: null });
    await expectKnownError(
      await t.request(`/teams/${team.id}`, { ...asServer(), method: "DELETE" }),
      "TEAM_NOT_FOUND",
      404,
    );
  });
});

describe("the selected team", () => {
  it("PATCH /users/me selects a team of the user; others are TEAM_MEMBERSHIP_NOT_FOUND; null unselects", async () => {
    const user = await t.signUpUser(projectId);
    const team = await createTeamAs(user, "Selected");
    const stranger = await t.signUpUser(projectId);
    const foreign = await createTeamAs(stranger, "Foreign");

    await expectKnownError(
      await t.request("/users/me", {
        ...asClient(user),
        method: "PATCH",
        body: { selected_team_id: foreign.id },
      }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    const selected = await t.request("/users/me", {
      ...asClient(user),
      method: "PATCH",
      body: { selected_team_id: team.id },
    });
    expect(await selected.json()).toMatchObject({
      selected_team_id: team.id,
      selected_team: { id: team.id, display_name: "Selected" },
    });
    const server = await t.request(`/users/${user.userId}`, asServer());
    expect(await server.json()).toMatchObject({
      selected_team: { id: team.id, created_at_millis: expect.any(Number), server_metadata: null },
    });
    const cleared = await t.request("/users/me", {
      ...asClient(user),
      method: "PATCH",
      body: { selected_team_id: null },
    });
    expect(await cleared.json()).toMatchObject({ selected_team_id: null, selected_team: null });
  });
});

describe("personal teams", () => {
  it("are not created on sign-up unless the project asks for them", async () => {
    const user = await t.signUpUser(projectId);
    const me = await t.request("/users/me", asClient(user));
    expect(await me.json()).toMatchObject({ selected_team_id: null, selected_team: null });
    const mine = await t.request("/teams?user_id=me", asClient(user));
    expect(((await mine.json()) as { items: WireTeam[] }).items).toEqual([]);
  });
});

describe("the internal project (contract §5.2)", () => {
  it("creates a selected personal team on sign-up with team_admin, and allows client team creation", async () => {
    const user = await t.signUpUser("internal");
    const me = (await (
      await t.request("/users/me", { accessType: "client", accessToken: user.accessToken })
    ).json()) as { selected_team_id: string; selected_team: WireTeam };
    expect(me.selected_team.display_name).toBe(`${user.email}'s Team`);
    const permissions = await t.request(
      `/team-permissions?user_id=me&team_id=${me.selected_team_id}&recursive=true`,
      { accessType: "client", accessToken: user.accessToken },
    );
    const ids = ((await permissions.json()) as { items: { id: string }[] }).items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(["team_admin", "$update_team", "$invite_members"]));
    // Directly granted: only the team-creator default.
    const direct = await t.request(`/team-permissions?user_id=me&team_id=${me.selected_team_id}`, {
      accessType: "client",
      accessToken: user.accessToken,
    });
    expect(((await direct.json()) as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([
      "team_admin",
    ]);
    const project = await t.request("/projects/current", { accessType: "client" });
    expect(await project.json()).toMatchObject({
      display_name: "Stack Dashboard",
      config: { client_team_creation_enabled: true },
    });
    const created = await t.request("/teams", {
      accessType: "client",
      accessToken: user.accessToken,
      body: { display_name: "Second Dashboard Team" },
    });
    expect(created.status).toBe(201);
  });
});
