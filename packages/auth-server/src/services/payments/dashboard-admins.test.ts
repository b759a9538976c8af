/**
 * The internal project's `dashboard_admins` seats (contract §2.9): accepting an invitation to an
 * internal team needs members + 1 <= the team's quantity (bought, granted or included by a default
 * product); a refused accept keeps the code and the membership unchanged. Each new internal team
 * starts on the reference's Free plan (one seat). Other projects, an internal project without the
 * item, and a server with AUTH_DASHBOARD_SEAT_LIMITS=false have no limit.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, teamMembers } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";
import { dashboardPlansConfig } from "../product-grants/dashboard-plans";

interface OwnedProduct {
  id: string;
  quantity: number;
  type: string;
  product: { prices: unknown };
  switch_options: { product_id: string }[];
}

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
  it("puts each new internal team on the Free plan: one seat, its creator's", async () => {
    await setPayments("internal", dashboardPlansConfig);
    const { teamId } = await teamWithCreator("internal");
    const seats = await t.request(
      `/payments/items/team/${teamId}/dashboard_admins`,
      asServer("internal"),
    );
    expect(await seats.json()).toEqual({
      id: "dashboard_admins",
      display_name: "Dashboard Admins",
      quantity: 1,
    });
    const products = await t.request(`/payments/products/team/${teamId}`, asServer("internal"));
    const [free, ...more] = ((await products.json()) as { items: OwnedProduct[] }).items;
    expect(more).toEqual([]);
    expect(free).toMatchObject({ id: "free", quantity: 1, type: "one_time" });
    expect(free?.product.prices).toEqual({ "free-monthly": { USD: "0", interval: [1, "month"] } });
    // The plans of the line it may move to: not itself, not the Extra Seats add-on.
    expect(free?.switch_options.map((option) => option.product_id)).toEqual(["team", "growth"]);

    const invitee = await verifiedUser("internal");
    const code = await inviteCode("internal", teamId, invitee.email);
    await expectKnownError(
      await accept("internal", invitee, code),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
    expect(await memberCount(teamId)).toBe(1);

    // A personal team made at sign-up starts on Free too; another project's team does not.
    const signedUp = await t.signUpUser("internal");
    const me = await t.request("/users/me", {
      accessType: "client",
      projectId: "internal",
      accessToken: signedUp.accessToken,
    });
    const { selected_team_id: personalTeamId } = (await me.json()) as { selected_team_id: string };
    const personal = await t.request(
      `/payments/items/team/${personalTeamId}/dashboard_admins`,
      asServer("internal"),
    );
    expect(((await personal.json()) as { quantity: number }).quantity).toBe(1);
    const other = await t.createProject({ config: { payments: dashboardPlansConfig } });
    const otherTeam = await teamWithCreator(other.id);
    const otherProducts = await t.request(
      `/payments/products/team/${otherTeam.teamId}`,
      asServer(other.id),
    );
    expect(((await otherProducts.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("lets any number of admins in under AUTH_DASHBOARD_SEAT_LIMITS=false", async () => {
    await setPayments("internal", dashboardPlansConfig);
    const open = await createTestAuthApi({
      connection: t.connection,
      clock: t.clock,
      env: { AUTH_DASHBOARD_SEAT_LIMITS: "false" },
    });
    try {
      const { teamId } = await teamWithCreator("internal");
      const invitee = await verifiedUser("internal");
      const code = await inviteCode("internal", teamId, invitee.email);
      const accepted = await open.request("/team-invitations/accept", {
        accessType: "client",
        projectId: "internal",
        accessToken: invitee.accessToken,
        body: { code },
      });
      expect(accepted.status).toBe(200);
      expect(await memberCount(teamId)).toBe(2);
    } finally {
      await open.close();
    }
  });

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
