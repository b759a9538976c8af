/**
 * `/team-member-profiles` (contract §2.10): profiles fall back to the user's name and picture;
 * client access reads within its teams (others need `$read_members`) and updates only its own;
 * server access sees the full user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
/** A project whose members get no default team permissions, so they lack `$read_members`. */
let bareProjectId: string;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { teams: { allowClientTeamCreation: true } } })).id;
  bareProjectId = (
    await t.createProject({
      config: {
        teams: { allowClientTeamCreation: true },
        rbac: { defaultPermissions: { teamMember: [] } },
      },
    })
  ).id;
});
afterAll(() => t.close());

interface Profile {
  team_id: string;
  user_id: string;
  display_name: string | null;
  profile_image_url: string | null;
  user?: { id: string; primary_email: string };
}

const asClient = (user: TestUser, project = projectId) => ({
  accessType: "client" as const,
  projectId: project,
  accessToken: user.accessToken,
});
const asServer = (project = projectId) => ({ accessType: "server" as const, projectId: project });

/** A team with a creator and a member (the member named "Mira" on the user). */
async function teamWithMember(project = projectId) {
  const creator = await t.signUpUser(project);
  const member = await t.signUpUser(project);
  await t.request(`/users/${member.userId}`, {
    ...asServer(project),
    method: "PATCH",
    body: { display_name: "Mira" },
  });
  t.clock.advance(1000);
  const created = await t.request("/teams", {
    ...asClient(creator, project),
    body: { display_name: "Dancers" },
  });
  const teamId = ((await created.json()) as { id: string }).id;
  t.clock.advance(1000);
  await t.request(`/team-memberships/${teamId}/${member.userId}`, {
    ...asServer(project),
    body: {},
  });
  return { creator, member, teamId };
}

async function list(path: string, options: Parameters<TestAuthApi["request"]>[1]) {
  const response = await t.request(path, options);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Profile[] }).items;
}

describe("team member profiles", () => {
  it("lists a team's profiles (user values as fallback); server access adds the user", async () => {
    const { creator, member, teamId } = await teamWithMember();
    const items = await list(`/team-member-profiles?team_id=${teamId}`, asClient(member));
    expect(items).toEqual([
      { team_id: teamId, user_id: creator.userId, display_name: null, profile_image_url: null },
      { team_id: teamId, user_id: member.userId, display_name: "Mira", profile_image_url: null },
    ]);
    const server = await list(`/team-member-profiles?user_id=${member.userId}`, asServer());
    expect(server).toHaveLength(1);
    expect(server[0]?.user).toMatchObject({ id: member.userId, primary_email: member.email });
  });

  it("updates the caller's own profile; another member's is refused; reads one profile", async () => {
    const { creator, member, teamId } = await teamWithMember();
    const image = "data:image/png;base64,iVBORw0KGgo=";
    const updated = await t.request(`/team-member-profiles/${teamId}/me`, {
      ...asClient(member),
      method: "PATCH",
      body: { display_name: "Mira in Dancers", profile_image_url: image },
    });
    expect(await updated.json()).toEqual({
      team_id: teamId,
      user_id: member.userId,
      display_name: "Mira in Dancers",
      profile_image_url: image,
    });
    const user = await t.request(`/users/${member.userId}`, asServer());
    expect(await user.json()).toMatchObject({ display_name: "Mira" });
    const tooLarge = await t.request(`/team-member-profiles/${teamId}/me`, {
      ...asClient(member),
      method: "PATCH",
      body: { profile_image_url: `${image}${"A".repeat(1_000_000)}` },
    });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain("must be at most 1000000 characters");

    await expectTextError(
      await t.request(`/team-member-profiles/${teamId}/${creator.userId}`, {
        ...asClient(member),
        method: "PATCH",
        body: { display_name: "Renamed" },
      }),
      403,
      "Cannot update another user's profile",
    );
    await expectTextError(
      await t.request(`/team-member-profiles/${teamId}/me`, {
        ...asClient(member),
        method: "PATCH",
        body: { profile_image_url: "https://example.com/x.png" },
      }),
      400,
      "Invalid profile image URL",
    );
    const read = await t.request(
      `/team-member-profiles/${teamId}/${member.userId}`,
      asClient(creator),
    );
    expect(await read.json()).toMatchObject({ display_name: "Mira in Dancers" });

    const server = await t.request(`/team-member-profiles/${teamId}/${creator.userId}`, {
      ...asServer(),
      method: "PATCH",
      body: { display_name: "Lead" },
    });
    expect(await server.json()).toMatchObject({
      display_name: "Lead",
      user: { id: creator.userId },
    });
  });

  it("client: team_id is required, membership is required, others' profiles need $read_members", async () => {
    const { creator, member, teamId } = await teamWithMember(bareProjectId);
    const outsider = await t.signUpUser(projectId);
    await expectTextError(
      await t.request("/team-member-profiles", asClient(outsider)),
      400,
      "team_id is required for access type client",
    );
    await expectKnownError(
      await t.request(`/team-member-profiles?team_id=${teamId}`, asClient(outsider)),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    const refused = await expectKnownError(
      await t.request(`/team-member-profiles?team_id=${teamId}`, asClient(member, bareProjectId)),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    expect(refused.details).toMatchObject({ permission_id: "$read_members" });
    await expectKnownError(
      await t.request(
        `/team-member-profiles/${teamId}/${creator.userId}`,
        asClient(member, bareProjectId),
      ),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    const ownProfile = await t.request(
      `/team-member-profiles/${teamId}/me`,
      asClient(member, bareProjectId),
    );
    expect(await ownProfile.json()).toMatchObject({ user_id: member.userId, display_name: "Mira" });
    const own = await list(
      `/team-member-profiles?team_id=${teamId}&user_id=me`,
      asClient(member, bareProjectId),
    );
    expect(own.map((profile) => profile.user_id)).toEqual([member.userId]);
    await expectKnownError(
      await t.request(`/team-member-profiles/${teamId}/${outsider.userId}`, asServer()),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
  });
});
