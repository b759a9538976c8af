/**
 * The internal project's `dashboard_admins` seats (contract §2.9): accepting an invitation to an
 * internal team needs members + 1 <= the team's quantity (bought, granted or included by a default
 * product); a refused accept keeps the code and the membership unchanged. Other projects and an
 * internal project without the item have no limit.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, teamMembers } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
const callbackUrl = "http://localhost:12345/some-callback-url";
let counter = 0;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const asServer = (projectId: string) => ({ accessType: "server" as const, projectId });

async function setPayments(projectId: string, payments: unknown): Promise<void> {
  const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  const config = (row?.config ?? {}) as Record<string, unknown>;
  await t.db
    .update(projects)
    .set({ config: { ...config, payments } })
    .where(eq(projects.id, projectId));
  // Written past the API: wait until its project cache has heard of the change.
  await t.api.projects.catchUp();
}

async function verifiedUser(projectId: string): Promise<TestUser> {
  counter += 1;
  const email = `seat-${counter}@example.com`;
  const created = await t.request("/users", {
    ...asServer(projectId),
    body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true },
  });
  const { id } = (await created.json()) as { id: string };
  const session = await t.request("/auth/sessions", {
    ...asServer(projectId),
    body: { user_id: id },
  });
  const tokens = (await session.json()) as { access_token: string; refresh_token: string };
  return {
    userId: id,
    email,
    password: "",
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

async function teamWithCreator(projectId: string): Promise<{ teamId: string; creator: TestUser }> {
  const creator = await verifiedUser(projectId);
  const response = await t.request("/teams", {
    ...asServer(projectId),
    body: { display_name: "Admins", creator_user_id: creator.userId },
  });
  return { teamId: ((await response.json()) as { id: string }).id, creator };
}

async function inviteCode(projectId: string, teamId: string, email: string): Promise<string> {
  const sent = await t.request("/team-invitations/send-code", {
    ...asServer(projectId),
    body: { team_id: teamId, email, callback_url: callbackUrl },
  });
  expect(sent.status).toBe(200);
  return t.readCodeFromOutbox(email, "join");
}

function accept(projectId: string, who: TestUser, code: string) {
  return t.request("/team-invitations/accept", {
    accessType: "client",
    projectId,
    accessToken: who.accessToken,
    body: { code },
  });
}

async function memberCount(teamId: string): Promise<number> {
  return (await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).length;
}

describe("dashboard_admins seats on the internal project", () => {
  it("refuses a full team, keeps the code, and accepts once a seat is granted", async () => {
    await setPayments("internal", {
      items: { dashboard_admins: { displayName: "Dashboard admins", customerType: "team" } },
    });
    const { teamId } = await teamWithCreator("internal");
    const invitee = await verifiedUser("internal");
    const code = await inviteCode("internal", teamId, invitee.email);
    await t.request(
      `/payments/items/team/${teamId}/dashboard_admins/update-quantity?allow_negative=false`,
      {
        method: "POST",
        ...asServer("internal"),
        body: { delta: 1 },
      },
    );
    const refused = await expectKnownError(
      await accept("internal", invitee, code),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
    expect(refused.details).toEqual({
      item_id: "dashboard_admins",
      customer_id: teamId,
      quantity: -1,
    });
    expect(await memberCount(teamId)).toBe(1);

    await t.request(
      `/payments/items/team/${teamId}/dashboard_admins/update-quantity?allow_negative=false`,
      {
        method: "POST",
        ...asServer("internal"),
        body: { delta: 1 },
      },
    );
    expect((await accept("internal", invitee, code)).status).toBe(200);
    expect(await memberCount(teamId)).toBe(2);
  });

  it("counts seats of include-by-default products, also for accept-by-id", async () => {
    await setPayments("internal", {
      items: { dashboard_admins: { displayName: "Dashboard admins", customerType: "team" } },
      products: {
        free: {
          displayName: "Free",
          customerType: "team",
          prices: "include-by-default",
          includedItems: { dashboard_admins: { quantity: 2 } },
        },
      },
    });
    const { teamId } = await teamWithCreator("internal");
    const second = await verifiedUser("internal");
    const third = await verifiedUser("internal");
    const item = await t.request(
      `/payments/items/team/${teamId}/dashboard_admins`,
      asServer("internal"),
    );
    expect(((await item.json()) as { quantity: number }).quantity).toBe(2);
    expect(
      (await accept("internal", second, await inviteCode("internal", teamId, second.email))).status,
    ).toBe(200);

    await inviteCode("internal", teamId, third.email);
    const listed = await t.request(
      `/team-invitations?user_id=${third.userId}`,
      asServer("internal"),
    );
    const [invitation] = ((await listed.json()) as { items: { id: string }[] }).items;
    await expectKnownError(
      await t.request(`/team-invitations/${invitation?.id}/accept?user_id=${third.userId}`, {
        method: "POST",
        ...asServer("internal"),
        body: {},
      }),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
    expect(await memberCount(teamId)).toBe(2);
  });

  it("has no limit without the item, or on other projects", async () => {
    await setPayments("internal", {});
    const { teamId } = await teamWithCreator("internal");
    const invitee = await verifiedUser("internal");
    expect(
      (await accept("internal", invitee, await inviteCode("internal", teamId, invitee.email)))
        .status,
    ).toBe(200);

    const other = await t.createProject({
      config: {
        payments: {
          items: { dashboard_admins: { displayName: "Seats", customerType: "team" } },
        },
      },
    });
    const otherTeam = await teamWithCreator(other.id);
    const otherInvitee = await verifiedUser(other.id);
    const code = await inviteCode(other.id, otherTeam.teamId, otherInvitee.email);
    expect((await accept(other.id, otherInvitee, code)).status).toBe(200);
  });
});
