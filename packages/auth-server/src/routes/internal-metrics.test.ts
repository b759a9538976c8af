/**
 * `GET /internal/metrics` (contract §3.8): totals, daily sign-up and active-user series, countries,
 * recent users and login methods computed from the database, per project; admin access only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsDays } from "../services/admin-metrics";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../testing/test-auth-api";

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
