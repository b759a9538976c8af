/**
 * The metrics services called directly (contract §3.8): the activity record (users' and teams'
 * active days, first days, who is online), login methods, the e-mail overview, and the whole
 * metrics of a project. A project without data gives zeros, never an error; one project's figures
 * never count another project's users, teams, sessions, e-mails or purchases; the users the
 * metrics list carry no secret and leave anonymous users out unless asked.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  oauthAccounts,
  passkeyCredentials,
  passwordCredentials,
  productPurchases,
  purchaseCodes,
  sessions,
} from "../../db/schema";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { createUser, type UserWriteInput } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { createTeamWithCreator } from "../teams/teams";
import { loadAdminMetrics } from "./admin-metrics";
import { loadEmailOverview } from "./email-overview";
import { metricsWindow } from "./metrics-window";
import { loadActiveDays, loadFirstActiveDays, loadUsersActiveSince } from "./user-activity";

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
// Noon UTC: moving by whole days or a few hours never crosses a day boundary by accident.
const start = new Date("2026-03-10T12:00:00.000Z");
const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
/** `YYYY-MM-DD` of `days` days before `start`. */
const dayOf = (days: number) =>
  at(-days * dayMs)
    .toISOString()
    .slice(0, 10);

let t: TestAuthApi;
let deps: AuthDeps;
/** The project measured; `other` gets data of every kind; `empty` gets none. */
let project: LoadedProject;
let other: LoadedProject;
let empty: LoadedProject;
const ids: Record<string, string> = {};
let teamId: string;

/** A user signed up at `when`, under `name` in `ids`. */
async function signUp(
  name: string,
  when: Date,
  input: UserWriteInput,
  of: LoadedProject = project,
): Promise<string> {
  t.clock.set(when);
  const user = await t.db.transaction((tx) =>
    createUser(tx, deps, of, { display_name: name, ...input }),
  );
  ids[name] = user.row.id;
  return user.row.id;
}

async function addSession(
  userId: string,
  createdAt: Date,
  lastActiveAt: Date,
  of: LoadedProject = project,
) {
  await t.db.insert(sessions).values({
    id: randomUUID(),
    projectId: of.id,
    userId,
    refreshTokenHash: randomUUID(),
    expiresAt: at(30 * dayMs),
    createdAt,
    lastActiveAt,
  });
}

function outboxRow(
  projectId: string,
  status: "queued" | "sent" | "failed" | "skipped",
  createdAt: Date,
  subject = `Subject ${status}`,
) {
  return {
    id: randomUUID(),
    projectId,
    to: "someone@example.com",
    from: "noreply@example.com",
    subject,
    text: "text",
    html: "<p>html</p>",
    status,
    createdAt,
  };
}

function purchaseRow(projectId: string, customerId: string, prices: unknown, createdAt: Date) {
  return {
    id: randomUUID(),
    projectId,
    customerType: "user",
    customerId,
    productId: "product",
    product: { displayName: "Product", customerType: "user", prices },
    source: "test_mode",
    createdAt,
  };
}

const metricsAtStart = (of: LoadedProject, includeAnonymous = false) =>
  loadAdminMetrics(t.db, of, { includeAnonymous, now: start });

beforeAll(async () => {
  t = await createTestAuthApi({ clock: createTestClock(start) });
  deps = t.serviceDeps();
  project = await t.createLoadedProject({ config: { auth: { otp: { allowSignIn: true } } } });
  other = await t.createLoadedProject({ config: { auth: { otp: { allowSignIn: true } } } });
  empty = await t.createLoadedProject();

  // Outside the window (40 days ago), then two days ago, yesterday and today.
  await signUp("old", at(-40 * dayMs), { country_code: "FR" });
  const ada = await signUp("ada", at(-2 * dayMs), {
    country_code: "DE",
    primary_email: "ada@example.com",
    primary_email_verified: true,
    password: "password123",
  });
  const ghost = await signUp("ghost", at(-dayMs), { is_anonymous: true, country_code: "US" });
  const cy = await signUp("cy", at(-hourMs), { country_code: "US", otp_auth_enabled: true });
  // Yesterday 13:00: a team with ada, who was active before it existed (her sign-up).
  t.clock.set(at(-dayMs + hourMs));
  teamId = (
    await createTeamWithCreator(deps, project, { display_name: "Crew", creatorUserId: ada })
  ).id;
  await addSession(ada, at(-dayMs + 2 * hourMs), at(-90_000));
  await addSession(ghost, at(-30_000), at(-30_000));
  await addSession(cy, at(-60_000), at(-60_000));
  await t.db.insert(oauthAccounts).values({
    id: randomUUID(),
    projectId: project.id,
    userId: cy,
    providerConfigId: "GitHub",
    providerAccountId: "cy-on-github",
  });
  await t.db
    .insert(emailOutbox)
    .values([
      outboxRow(project.id, "sent", at(-40 * dayMs)),
      outboxRow(project.id, "failed", at(-dayMs)),
      outboxRow(project.id, "sent", at(-2 * hourMs)),
      outboxRow(project.id, "queued", at(-hourMs)),
      outboxRow(project.id, "skipped", at(-30 * 60_000), ""),
    ]);
  await t.db
    .insert(productPurchases)
    .values([
      purchaseRow(project.id, ada, { monthly: { USD: "9", interval: [1, "month"] } }, at(-hourMs)),
      purchaseRow(project.id, ada, { once: { USD: "5" } }, at(-hourMs)),
    ]);
  t.clock.set(start);
});
afterAll(() => t.close());

describe("metrics services (happy)", () => {
  it("records a user's active days from sign-up and sessions, and a team's only from its creation", async () => {
    const window = metricsWindow(start);
    const byId = (rows: { id: string; day: string }[], id: string) =>
      rows
        .filter((row) => row.id === id)
        .map((row) => row.day)
        .sort();
    const users = await loadActiveDays(t.db, project.id, window.since, "user");
    expect(byId(users, ids.ada ?? "")).toEqual([dayOf(2), dayOf(1), dayOf(0)]);
    expect(byId(users, ids.cy ?? "")).toEqual([dayOf(0)]);
    // Only activity in the window: "old" signed up before it.
    expect(byId(users, ids.old ?? "")).toEqual([]);
    expect(users.find((row) => row.id === ids.ghost)?.isAnonymous).toBe(true);

    const teams = await loadActiveDays(t.db, project.id, window.since, "team");
    expect(byId(teams, teamId)).toEqual([dayOf(1), dayOf(0)]);

    // First days are all-time.
    const firstDays = await loadFirstActiveDays(t.db, project.id, "user");
    expect(firstDays.get(ids.old ?? "")).toBe(dayOf(40));
    expect(firstDays.get(ids.ada ?? "")).toBe(dayOf(2));
    expect((await loadFirstActiveDays(t.db, project.id, "team")).get(teamId)).toBe(dayOf(1));
  });

  it("lists who is online, most recent first, anonymous users only on request", async () => {
    const since = at(-2 * 60_000);
    expect(await loadUsersActiveSince(t.db, project.id, since, true)).toEqual([
      ids.ghost,
      ids.cy,
      ids.ada,
    ]);
    expect(await loadUsersActiveSince(t.db, project.id, since, false)).toEqual([ids.cy, ids.ada]);
    expect(await loadUsersActiveSince(t.db, project.id, at(-45_000), true)).toEqual([ids.ghost]);
  });

  it("counts login methods in use, one entry per OAuth provider in lower case", async () => {
    const metrics = await metricsAtStart(project);
    expect(metrics.login_methods).toEqual([
      { method: "password", count: 1 },
      { method: "otp", count: 1 },
      { method: "github", count: 1 },
    ]);
    expect(metrics).toMatchObject({
      total_users: 3,
      live_users: 2,
      users_by_country: { FR: 1, DE: 1, US: 1 },
    });
    expect(metrics.payments_overview).toMatchObject({
      active_subscription_count: 1,
      total_one_time_purchases: 1,
      total_orders: 2,
    });
    expect(metrics.auth_overview).toMatchObject({
      verified_users: 1,
      unverified_users: 2,
      anonymous_users: 1,
      total_teams: 1,
      mau: 2,
    });
  });

  it("maps outbox states to statuses, counts skipped mail as ok, and keeps older mail out of the days", async () => {
    const overview = await loadEmailOverview(t.db, project.id, metricsWindow(start));
    expect(overview).toMatchObject({
      emails_by_status: { ok: 3, error: 1, "in-progress": 1 },
      total_emails: 5,
      emails_sent: 3,
      deliverability_status: { delivered: 0, bounced: 0, error: 1, in_progress: 1 },
      deliverability_rate: 0,
    });
    expect(overview.daily_emails_by_status.slice(-2)).toEqual([
      { date: dayOf(1), ok: 0, error: 1, in_progress: 0 },
      { date: dayOf(0), ok: 2, error: 0, in_progress: 1 },
    ]);
    expect(overview.daily_emails.reduce((sum, point) => sum + point.activity, 0)).toBe(4);
    expect(overview.recent_emails.map((email) => [email.status, email.subject])).toEqual([
      ["SKIPPED", "(no subject)"],
      ["QUEUED", "Subject queued"],
      ["SENT", "Subject sent"],
      ["SERVER_ERROR", "Subject failed"],
      ["SENT", "Subject sent"],
    ]);
  });
});

describe("metrics services (error)", () => {
  it("gives zeros, not an error, for a project without data or with an unknown id", async () => {
    for (const of of [empty, { ...empty, id: "no-such-project" }]) {
      const metrics = await metricsAtStart(of, true);
      expect(metrics).toMatchObject({
        total_users: 0,
        live_users: 0,
        users_by_country: {},
        active_users_by_country: {},
        recently_registered: [],
        recently_active: [],
        login_methods: [],
      });
      expect(metrics.daily_users).toHaveLength(31);
      expect(metrics.daily_users.every((point) => point.activity === 0)).toBe(true);
      expect(metrics.daily_active_users.every((point) => point.activity === 0)).toBe(true);
      expect(metrics.auth_overview).toMatchObject({
        verified_users: 0,
        unverified_users: 0,
        anonymous_users: 0,
        total_teams: 0,
        mau: 0,
      });
      expect(metrics.email_overview).toMatchObject({
        total_emails: 0,
        emails_by_status: {},
        recent_emails: [],
      });
      expect(metrics.payments_overview).toMatchObject({
        total_orders: 0,
        subscriptions_by_status: {},
        checkout_conversion_rate: 0,
      });
    }
  });
});

describe("metrics services (security)", () => {
  it("never counts another project's users, teams, sessions, e-mails, purchases or login methods", async () => {
    const before = await metricsAtStart(project, true);
    // The other project gets one of everything, now, in the same countries.
    const elsewhere = await signUp(
      "elsewhere",
      at(-10_000),
      {
        country_code: "DE",
        primary_email: "ada@example.com",
        primary_email_verified: true,
        password: "password123",
        otp_auth_enabled: true,
      },
      other,
    );
    await signUp("elsewhere-anon", at(-5_000), { is_anonymous: true, country_code: "US" }, other);
    await createTeamWithCreator(deps, other, {
      display_name: "Their crew",
      creatorUserId: elsewhere,
    });
    await addSession(elsewhere, at(-5_000), at(-1_000), other);
    await t.db.insert(oauthAccounts).values({
      id: randomUUID(),
      projectId: other.id,
      userId: elsewhere,
      providerConfigId: "google",
      providerAccountId: "elsewhere-on-google",
    });
    await t.db.insert(passkeyCredentials).values({
      id: randomUUID(),
      projectId: other.id,
      userId: elsewhere,
      credentialId: "credential",
      publicKey: "public-key",
    });
    await t.db
      .insert(emailOutbox)
      .values([outboxRow(other.id, "sent", at(-1_000)), outboxRow(other.id, "failed", at(-1_000))]);
    await t.db
      .insert(productPurchases)
      .values(
        purchaseRow(other.id, elsewhere, { m: { USD: "1", interval: [1, "month"] } }, at(-1_000)),
      );
    await t.db.insert(purchaseCodes).values({
      id: randomUUID(),
      projectId: other.id,
      codeHash: randomUUID(),
      customerType: "user",
      customerId: elsewhere,
      productId: "product",
      product: { displayName: "Product", customerType: "user" },
      expiresAt: at(dayMs),
      usedAt: null,
    });
    t.clock.set(start);

    expect(await metricsAtStart(project, true)).toEqual(before);
    expect(await metricsAtStart(empty, true)).toMatchObject({ total_users: 0, login_methods: [] });
    const theirs = await metricsAtStart(other, true);
    expect(theirs).toMatchObject({
      total_users: 2,
      live_users: 2,
      users_by_country: { DE: 1, US: 1 },
      login_methods: [
        { method: "password", count: 1 },
        { method: "passkey", count: 1 },
        { method: "otp", count: 1 },
        { method: "google", count: 1 },
      ],
    });
    expect(theirs.recently_registered.map((user) => user.id).sort()).toEqual(
      [ids.elsewhere, ids["elsewhere-anon"]].sort(),
    );
    expect(await loadUsersActiveSince(t.db, project.id, at(-20_000), true)).toEqual([]);
  });

  it("lists users without password hashes, and anonymous ones only on request", async () => {
    const hashes = (await t.db.select().from(passwordCredentials)).map((row) => row.passwordHash);
    // ada's, at least (and the other project's user's).
    expect(hashes.length).toBeGreaterThan(0);

    const withoutAnonymous = await metricsAtStart(project);
    const withAnonymous = await metricsAtStart(project, true);
    for (const metrics of [withoutAnonymous, withAnonymous]) {
      const text = JSON.stringify(metrics);
      for (const hash of hashes) expect(text).not.toContain(hash);
      expect(text).not.toContain("password123");
    }
    const listed = (metrics: typeof withAnonymous) => [
      ...metrics.recently_registered.map((user) => user.id),
      ...metrics.recently_active.map((user) => user.id),
      ...Object.values(metrics.active_users_by_country).flatMap((users) =>
        users.map((user) => user.id),
      ),
    ];
    expect(listed(withoutAnonymous)).not.toContain(ids.ghost);
    expect(listed(withAnonymous)).toContain(ids.ghost);
    expect(withoutAnonymous.active_users_by_country.US?.map((user) => user.id)).toEqual([ids.cy]);
    expect(withoutAnonymous.live_users).toBe(2);
    expect(withAnonymous.live_users).toBe(3);
  });
});
