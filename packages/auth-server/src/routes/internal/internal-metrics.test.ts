/**
 * `GET /internal/metrics` (contract §3.8): totals, daily sign-up and active-user series, countries,
 * recent users, login methods, who is online, and the auth, payments, e-mail and analytics
 * overviews computed from the database, per project; admin access only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, productPurchases, purchaseCodes } from "../../db/schema";
import { metricsDays } from "../../services/metrics/admin-metrics";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";

const dayMs = 24 * 60 * 60 * 1000;
// Noon UTC, so that moving by whole days never crosses a day boundary by accident.
const start = new Date("2026-03-10T12:00:00.000Z");

let t: TestAuthApi;
let projectId: string;
let otherProjectId: string;
const ids: Record<string, string> = {};

interface Metrics {
  total_users: number;
  daily_users: { date: string; activity: number }[];
  daily_active_users: { date: string; activity: number }[];
  users_by_country: Record<string, number>;
  recently_registered: { id: string }[];
  recently_active: { id: string }[];
  login_methods: { method: string; count: number }[];
}

async function createUser(name: string, body: object, project = projectId): Promise<void> {
  const response = await t.request("/users", {
    body: { display_name: name, ...body },
    accessType: "server",
    projectId: project,
  });
  expect(response.status).toBe(201);
  ids[name] = ((await response.json()) as { id: string }).id;
}

async function readMetrics(query = ""): Promise<Metrics> {
  const response = await t.request(`/internal/metrics${query}`, {
    accessType: "admin",
    projectId,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Metrics;
}

beforeAll(async () => {
  // Access tokens are checked against this clock too; none is used here.
  t = await createTestAuthApi({ clock: createTestClock(start) });
  projectId = (await t.createProject()).id;
  otherProjectId = (await t.createProject()).id;
  // Day -40 (outside the window), then days -2, -1 and today.
  t.clock.set(new Date(start.getTime() - 40 * dayMs));
  await createUser("old", { country_code: "FR" });
  t.clock.set(new Date(start.getTime() - 2 * dayMs));
  await createUser("ada", {
    country_code: "DE",
    primary_email: "ada@example.com",
    primary_email_verified: true,
    password: "password123",
  });
  t.clock.set(new Date(start.getTime() - dayMs));
  await createUser("bob", { country_code: "DE" });
  await createUser("ghost", { is_anonymous: true, country_code: "US" });
  t.clock.set(start);
  await createUser("cy", {
    country_code: "US",
    primary_email: "cy@example.com",
    password: "password123",
  });
  await createUser("elsewhere", { country_code: "JP" }, otherProjectId);
});
afterAll(() => t.close());

describe("GET /internal/metrics", () => {
  it("counts the project's users and their daily sign-ups and activity", async () => {
    const metrics = await readMetrics();
    expect(metrics.total_users).toBe(4);
    const days = metricsDays(start);
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe("2026-03-10");
    expect(days[0]).toBe("2026-02-08");
    expect(metrics.daily_users.map((point) => point.date)).toEqual(days);
    const nonZero = (series: Metrics["daily_users"]) =>
      series.filter((point) => point.activity > 0);
    expect(nonZero(metrics.daily_users)).toEqual([
      { date: "2026-03-08", activity: 1 },
      { date: "2026-03-09", activity: 1 },
      { date: "2026-03-10", activity: 1 },
    ]);
    // Nobody has a session: activity is each user's last activity (their creation here).
    expect(nonZero(metrics.daily_active_users)).toEqual([
      { date: "2026-03-08", activity: 1 },
      { date: "2026-03-09", activity: 1 },
      { date: "2026-03-10", activity: 1 },
    ]);
    expect(metrics.users_by_country).toEqual({ FR: 1, DE: 2, US: 1 });
    expect(metrics.recently_registered.map((user) => user.id)).toEqual([
      ids.cy,
      ids.bob,
      ids.ada,
      ids.old,
    ]);
    expect(metrics.recently_registered[0]).toMatchObject({
      primary_email: "cy@example.com",
      display_name: "cy",
      signed_up_at_millis: start.getTime(),
    });
    expect(metrics.recently_active.map((user) => user.id)).toEqual([
      ids.cy,
      ids.bob,
      ids.ada,
      ids.old,
    ]);
    expect(metrics.login_methods).toEqual([{ method: "password", count: 2 }]);
  });

  it("includes anonymous users on request", async () => {
    const metrics = await readMetrics("?include_anonymous=true");
    expect(metrics.total_users).toBe(5);
    expect(metrics.daily_users.find((point) => point.date === "2026-03-09")?.activity).toBe(2);
    expect(metrics.users_by_country).toEqual({ FR: 1, DE: 2, US: 2 });
    expect(metrics.recently_registered.map((user) => user.id)).toContain(ids.ghost);
  });

  it("counts a session's start and refreshes as activity", async () => {
    t.clock.set(new Date(start.getTime() + 60 * 60 * 1000));
    const session = await t.request("/auth/sessions", {
      body: { user_id: ids.ada },
      accessType: "server",
      projectId,
    });
    expect(session.status).toBe(200);
    const metrics = await readMetrics();
    const today = metrics.daily_active_users.find((point) => point.date === "2026-03-10");
    expect(today?.activity).toBe(2);
    expect(metrics.recently_active[0]?.id).toBe(ids.ada);
  });

  it("rejects unknown query values and refuses server, client and anonymous access", async () => {
    await expectKnownError(
      await t.request("/internal/metrics?include_anonymous=yes", {
        accessType: "admin",
        projectId,
      }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/internal/metrics?extra=1", { accessType: "admin", projectId }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/internal/metrics", { accessType: "server", projectId }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/internal/metrics", { accessType: "client", projectId }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/internal/metrics", { projectId }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
  });
});

interface Point {
  date: string;
  activity: number;
}
interface Overviews {
  live_users: number;
  active_users_by_country: Record<string, { id: string }[]>;
  auth_overview: {
    verified_users: number;
    unverified_users: number;
    anonymous_users: number;
    total_teams: number;
    mau: number;
    daily_active_users_split: Record<"total" | "new" | "retained" | "reactivated", Point[]>;
    daily_active_teams_split: Record<"total" | "new" | "retained" | "reactivated", Point[]>;
    total_users_filtered: number;
  };
  payments_overview: Record<string, unknown> & { daily_subscriptions: Point[] };
  email_overview: Record<string, unknown> & {
    daily_emails: Point[];
    daily_emails_by_status: { date: string; ok: number; error: number; in_progress: number }[];
    recent_emails: { id: string; status: string; subject: string; created_at_millis: number }[];
  };
  analytics_overview: Record<string, unknown> & {
    daily_page_views: Point[];
    daily_clicks: Point[];
    daily_visitors: Point[];
    daily_anonymous_visitors_fallback: Point[];
    daily_revenue: { date: string; new_cents: number; refund_cents: number }[];
  };
}

const nonZeroDays = (series: Point[]) =>
  Object.fromEntries(series.filter((point) => point.activity > 0).map((p) => [p.date, p.activity]));
const at = (daysBefore: number, hours = 0) =>
  new Date(start.getTime() - daysBefore * dayMs + hours * 60 * 60 * 1000);

describe("GET /internal/metrics overviews", () => {
  let teamId: string;

  beforeAll(async () => {
    // A team created today, before today's sessions of its members ada (+1 h, above) and bob.
    t.clock.set(at(0, 0.5));
    const team = await t.request("/teams", {
      body: { display_name: "Crew" },
      accessType: "server",
      projectId,
    });
    expect(team.status).toBe(201);
    teamId = ((await team.json()) as { id: string }).id;
    for (const member of [ids.ada, ids.bob]) {
      const added = await t.request(`/team-memberships/${teamId}/${member}`, {
        body: {},
        accessType: "server",
        projectId,
      });
      expect(added.status).toBe(201);
    }
    // bob, who signed up yesterday, is back today: retained.
    t.clock.set(at(0, 2));
    const session = await t.request("/auth/sessions", {
      body: { user_id: ids.bob },
      accessType: "server",
      projectId,
    });
    expect(session.status).toBe(200);

    const email = (
      id: number,
      status: "queued" | "sent" | "failed",
      createdAt: Date,
      project = projectId,
    ) => ({
      id: `00000000-0000-4000-8000-00000000000${id}`,
      projectId: project,
      to: `user${id}@example.com`,
      from: "noreply@example.com",
      subject: `Message ${id}`,
      text: "text",
      html: "<p>html</p>",
      status,
      error: status === "failed" ? "550 mailbox unavailable" : null,
      createdAt,
      sentAt: status === "sent" ? createdAt : null,
    });
    await t.db
      .insert(emailOutbox)
      .values([
        email(1, "sent", at(40)),
        email(2, "failed", at(1)),
        email(3, "sent", at(0, 1)),
        email(4, "sent", at(0, 1.5)),
        email(5, "queued", at(0, 1.75)),
        email(6, "sent", at(0, 1), otherProjectId),
      ]);

    const monthly = { monthly: { USD: "9.99", interval: [1, "month"] } };
    const purchase = (id: number, prices: unknown, createdAt: Date, project = projectId) => ({
      id: `00000000-0000-4000-8000-00000000010${id}`,
      projectId: project,
      customerType: "user",
      customerId: ids.ada ?? "",
      productId: `product-${id}`,
      product: { displayName: `Product ${id}`, customerType: "user", prices },
      source: "test_mode",
      createdAt,
    });
    await t.db
      .insert(productPurchases)
      .values([
        purchase(1, monthly, at(1)),
        purchase(2, monthly, at(40)),
        purchase(3, { once: { USD: "5.00" } }, at(0, 1)),
        purchase(4, "include-by-default", at(0, 1)),
        purchase(5, monthly, at(0, 1), otherProjectId),
      ]);
    const code = (id: number, usedAt: Date | null) => ({
      id: `00000000-0000-4000-8000-00000000020${id}`,
      projectId,
      codeHash: `hash-${id}`,
      customerType: "user",
      customerId: ids.ada ?? "",
      productId: `product-${id}`,
      product: { displayName: `Product ${id}`, customerType: "user" },
      expiresAt: at(-1),
      usedAt,
      createdAt: at(1),
    });
    await t.db
      .insert(purchaseCodes)
      .values([code(1, at(1)), code(2, at(1)), code(3, at(0, 1)), code(4, null)]);
    // One minute after bob's session: he is online.
    t.clock.set(at(0, 2 + 1 / 60));
  });

  async function readOverviews(query = ""): Promise<Overviews & Metrics> {
    return (await readMetrics(query)) as Overviews & Metrics;
  }

  it("splits daily actives into new, retained and reactivated users and teams", async () => {
    const metrics = await readOverviews();
    const auth = metrics.auth_overview;
    // ada verified her address; old, bob and cy did not; ghost is anonymous.
    expect(auth).toMatchObject({
      verified_users: 1,
      unverified_users: 3,
      anonymous_users: 1,
      total_teams: 1,
      // ada, bob and cy (old was last seen 40 days ago).
      mau: 3,
      total_users_filtered: 4,
    });
    expect(metrics.total_users).toBe(4);
    const users = auth.daily_active_users_split;
    expect(users.total.map((point) => point.date)).toEqual(metricsDays(start));
    expect(nonZeroDays(users.total)).toEqual({ "2026-03-08": 1, "2026-03-09": 1, "2026-03-10": 3 });
    expect(nonZeroDays(users.new)).toEqual({ "2026-03-08": 1, "2026-03-09": 1, "2026-03-10": 1 });
    // bob: yesterday and today; ada: two days ago and today.
    expect(nonZeroDays(users.retained)).toEqual({ "2026-03-10": 1 });
    expect(nonZeroDays(users.reactivated)).toEqual({ "2026-03-10": 1 });
    expect(metrics.daily_active_users).toEqual(users.total);
    // The team is active today only: its members' earlier activity predates it.
    const teams = auth.daily_active_teams_split;
    expect(nonZeroDays(teams.total)).toEqual({ "2026-03-10": 1 });
    expect(nonZeroDays(teams.new)).toEqual({ "2026-03-10": 1 });
    expect(nonZeroDays(teams.retained)).toEqual({});
    expect(nonZeroDays(teams.reactivated)).toEqual({});
  });

  it("counts anonymous users in the split, MAU and totals on request", async () => {
    const metrics = await readOverviews("?include_anonymous=true");
    expect(metrics.auth_overview).toMatchObject({
      verified_users: 1,
      unverified_users: 3,
      anonymous_users: 1,
      mau: 4,
      total_users_filtered: 5,
    });
    const split = metrics.auth_overview.daily_active_users_split;
    expect(nonZeroDays(split.total)).toEqual({ "2026-03-08": 1, "2026-03-09": 2, "2026-03-10": 3 });
    expect(nonZeroDays(split.new)).toEqual({ "2026-03-08": 1, "2026-03-09": 2, "2026-03-10": 1 });
  });

  it("reports who is online by country", async () => {
    const metrics = await readOverviews();
    expect(metrics.live_users).toBe(1);
    expect(Object.keys(metrics.active_users_by_country)).toEqual(["DE"]);
    expect(metrics.active_users_by_country.DE?.map((user) => user.id)).toEqual([ids.bob]);
  });

  it("counts the project's e-mails by status and day from the outbox", async () => {
    const emails = (await readOverviews()).email_overview;
    expect(emails).toMatchObject({
      emails_by_status: { ok: 3, error: 1, "in-progress": 1 },
      total_emails: 5,
      emails_sent: 4,
      deliverability_status: { delivered: 0, bounced: 0, error: 1, in_progress: 1 },
      deliverability_rate: 0,
      bounce_rate: 0,
      click_rate: 0,
    });
    expect(nonZeroDays(emails.daily_emails)).toEqual({ "2026-03-09": 1, "2026-03-10": 3 });
    expect(emails.daily_emails_by_status).toHaveLength(31);
    expect(
      emails.daily_emails_by_status.filter((day) => day.ok + day.error + day.in_progress),
    ).toEqual([
      { date: "2026-03-09", ok: 0, error: 1, in_progress: 0 },
      { date: "2026-03-10", ok: 2, error: 0, in_progress: 1 },
    ]);
    expect(emails.recent_emails.map((email) => [email.subject, email.status])).toEqual([
      ["Message 5", "QUEUED"],
      ["Message 4", "SENT"],
      ["Message 3", "SENT"],
      ["Message 2", "SERVER_ERROR"],
      ["Message 1", "SENT"],
    ]);
    expect(emails.recent_emails[0]?.created_at_millis).toBe(at(0, 1.75).getTime());
  });

  it("counts subscriptions, one-time purchases and checkouts", async () => {
    const payments = (await readOverviews()).payments_overview;
    expect(payments).toMatchObject({
      subscriptions_by_status: { active: 2 },
      active_subscription_count: 2,
      total_one_time_purchases: 2,
      revenue_cents: 0,
      mrr_cents: 0,
      total_orders: 4,
      checkout_conversion_rate: 75,
    });
    expect(nonZeroDays(payments.daily_subscriptions)).toEqual({ "2026-03-09": 1 });
  });

  it("reports zero web analytics (none stored) and anonymous visitors from the activity record", async () => {
    const analytics = (await readOverviews()).analytics_overview;
    for (const series of [
      analytics.daily_page_views,
      analytics.daily_clicks,
      analytics.daily_visitors,
    ]) {
      expect(series).toHaveLength(31);
      expect(nonZeroDays(series)).toEqual({});
    }
    expect(analytics.daily_revenue).toHaveLength(31);
    expect(
      analytics.daily_revenue.every((day) => day.new_cents === 0 && day.refund_cents === 0),
    ).toBe(true);
    expect(nonZeroDays(analytics.daily_anonymous_visitors_fallback)).toEqual({ "2026-03-09": 1 });
    expect(analytics).toMatchObject({
      anonymous_visitors_fallback: 1,
      total_revenue_cents: 0,
      total_replays: 0,
      recent_replays: 0,
      visitors: 0,
      avg_session_seconds: 0,
      online_live: 0,
      revenue_per_visitor: 0,
      top_referrers: [],
      top_region: null,
    });
  });

  it("keeps other projects' figures apart", async () => {
    const response = await t.request("/internal/metrics", {
      accessType: "admin",
      projectId: otherProjectId,
    });
    const other = (await response.json()) as Overviews;
    expect(other.email_overview).toMatchObject({ total_emails: 1, emails_by_status: { ok: 1 } });
    expect(other.payments_overview).toMatchObject({
      active_subscription_count: 1,
      total_orders: 1,
    });
    expect(other.auth_overview).toMatchObject({ total_teams: 0, mau: 1, verified_users: 0 });
    expect(teamId).toBeTruthy();
  });
});
