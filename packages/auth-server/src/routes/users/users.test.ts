/**
 * Users (contract §1.7, §1.8): `/users/me` for every access type, and user management with server
 * and admin access.
 */
import { clientUserSchema, serverUserSchema } from "@heritage/auth-protocol";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels, users } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

const serverRequest = (path: string, method = "GET", body?: unknown) =>
  t.request(path, { accessType: "server", method, ...(body === undefined ? {} : { body }) });
const clientRequest = (user: TestUser, path: string, method = "GET", body?: unknown) =>
  t.request(path, {
    accessType: "client",
    accessToken: user.accessToken,
    method,
    ...(body === undefined ? {} : { body }),
  });

async function createUser(body: Record<string, unknown>): Promise<{ id: string }> {
  t.clock.advance(1000);
  const response = await serverRequest("/users", "POST", body);
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function countRows(): Promise<{ users: number; channels: number }> {
  const [userCount] = await t.db.select({ value: count() }).from(users);
  const [channelCount] = await t.db.select({ value: count() }).from(contactChannels);
  return { users: userCount?.value ?? 0, channels: channelCount?.value ?? 0 };
}

describe("/users/me (happy)", () => {
  it("returns the client shape to clients and the server shape to servers, every key present", async () => {
    const user = await t.signUpUser();
    const client = await clientRequest(user, "/users/me");
    expect(client.status).toBe(200);
    const clientUser = clientUserSchema.parse(await client.json());
    expect(clientUser).toMatchObject({
      id: user.userId,
      primary_email: user.email,
      has_password: true,
      auth_with_email: true,
      is_restricted: false,
      restricted_reason: null,
      oauth_providers: [],
    });
    const server = await t.request("/users/me", {
      accessType: "server",
      accessToken: user.accessToken,
    });
    expect(serverUserSchema.parse(await server.json())).toMatchObject({
      primary_email_auth_enabled: true,
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
      country_code: null,
      server_metadata: null,
    });
  });

  it("lets a client update its own client fields", async () => {
    const user = await t.signUpUser();
    const response = await clientRequest(user, "/users/me", "PATCH", {
      display_name: "Mira",
      client_metadata: { locale: "bs" },
      profile_image_url: "data:image/png;base64,iVBORw0KGgo=",
      totp_secret_base64: null,
    });
    expect(response.status).toBe(200);
    expect(clientUserSchema.parse(await response.json())).toMatchObject({
      display_name: "Mira",
      client_metadata: { locale: "bs" },
      profile_image_url: "data:image/png;base64,iVBORw0KGgo=",
    });
    const cleared = await clientRequest(user, "/users/me", "PATCH", { display_name: "" });
    expect(((await cleared.json()) as { display_name: unknown }).display_name).toBeNull();
  });

  it("changes the primary email to a new unverified one that keeps signing in", async () => {
    const user = await t.signUpUser();
    const response = await clientRequest(user, "/users/me", "PATCH", {
      primary_email: "changed@example.com",
    });
    expect(await response.json()).toMatchObject({
      primary_email: "changed@example.com",
      primary_email_verified: false,
    });
    const signIn = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: { email: "changed@example.com", password: user.password },
    });
    expect(signIn.status).toBe(200);
  });

  it("deletes the own user when the project allows client deletion", async () => {
    const project = await t.createProject({ config: { users: { allowClientUserDeletion: true } } });
    const user = await t.signUpUser(project.id);
    const response = await t.request("/users/me", {
      method: "DELETE",
      accessType: "client",
      projectId: project.id,
      accessToken: user.accessToken,
    });
    expect(await response.json()).toEqual({ success: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toBeUndefined();
  });
});

describe("/users/me (error)", () => {
  it("needs a user", async () => {
    await expectKnownError(
      await t.request("/users/me", { accessType: "client" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    await expectKnownError(
      await t.request("/users/me", { accessType: "client", method: "PATCH", body: {} }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });

  it("keeps server fields away from clients", async () => {
    const user = await t.signUpUser();
    const body = await expectKnownError(
      await clientRequest(user, "/users/me", "PATCH", { server_metadata: { admin: true } }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toBe(
      "Request validation failed on PATCH /api/v1/users/me:\n  - body contains unknown properties: server_metadata",
    );
  });

  it("rejects bad client values with the reference's messages", async () => {
    const user = await t.signUpUser();
    await expectTextError(
      await clientRequest(user, "/users/me", "PATCH", {
        profile_image_url: "https://example.com/a.png",
      }),
      400,
      "Invalid profile image URL",
    );
    // Only raster image types, as base64, as the reference's check.
    for (const url of ["data:image/not-valid;base64,test", "data:image/svg+xml;base64,PHN2Zz4="]) {
      await expectTextError(
        await clientRequest(user, "/users/me", "PATCH", { profile_image_url: url }),
        400,
        "Invalid profile image URL",
      );
    }
    // Not a URL at all: the reference's schema error, for servers too.
    for (const request of [
      clientRequest(user, "/users/me", "PATCH", { profile_image_url: "" }),
      serverRequest(`/users/${user.userId}`, "PATCH", { profile_image_url: "" }),
    ]) {
      const notUrl = await expectKnownError(await request, "SCHEMA_ERROR", 400);
      expect(notUrl.error).toContain("  - body.profile_image_url is not a valid URL");
    }
    // At most 1,000,000 characters, as the reference: every list of users repeats it.
    const prefix = "data:image/png;base64,";
    const image = (length: number) => `${prefix}${"A".repeat(length - prefix.length)}`;
    const tooLarge = await expectKnownError(
      await clientRequest(user, "/users/me", "PATCH", { profile_image_url: image(1_000_001) }),
      "SCHEMA_ERROR",
      400,
    );
    expect(tooLarge.error).toContain(
      "  - body.profile_image_url must be at most 1000000 characters",
    );
    const largest = await clientRequest(user, "/users/me", "PATCH", {
      profile_image_url: image(1_000_000),
    });
    expect(largest.status).toBe(200);
    await expectTextError(
      await clientRequest(user, "/users/me", "PATCH", { passkey_auth_enabled: true }),
      400,
      "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method",
    );
    const base64 = await expectKnownError(
      await clientRequest(user, "/users/me", "PATCH", { totp_secret_base64: "not base64!" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(base64.error).toContain("  - body.totp_secret_base64 is not valid base64");
    const team = await expectKnownError(
      await clientRequest(user, "/users/me", "PATCH", {
        selected_team_id: "00000000-0000-4000-8000-000000000000",
      }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    expect(team.details).toEqual({
      team_id: "00000000-0000-4000-8000-000000000000",
      user_id: user.userId,
    });
  });

  it("refuses client deletion unless enabled, leaving the user in place", async () => {
    const user = await t.signUpUser();
    await expectTextError(
      await clientRequest(user, "/users/me", "DELETE"),
      400,
      "Client user deletion is not enabled for this project",
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.id).toBe(user.userId);
  });
});

describe("user management (happy)", () => {
  it("creates a user from an empty body with explicit nulls and falses", async () => {
    const response = await serverRequest("/users", "POST", {});
    expect(response.status).toBe(201);
    const user = serverUserSchema.parse(await response.json());
    expect(user).toMatchObject({
      primary_email: null,
      primary_email_verified: false,
      primary_email_auth_enabled: false,
      has_password: false,
      display_name: null,
      // As the reference answers: read before the personal team was made.
      selected_team: null,
      selected_team_id: null,
    });
    // The personal team exists and is selected all the same.
    const read = serverUserSchema.parse(await (await serverRequest(`/users/${user.id}`)).json());
    expect(read.selected_team).toMatchObject({ display_name: "Personal Team" });
    expect(read.selected_team_id).toBe(read.selected_team?.id);
  });

  it("creates a user with every field and stores the email normalized", async () => {
    const response = await serverRequest("/users", "POST", {
      primary_email: "  Full.Fields@Example.COM ",
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "password123",
      display_name: "Full Fields",
      client_metadata: { a: 1 },
      client_read_only_metadata: { b: 2 },
      server_metadata: { c: 3 },
      restricted_by_admin: true,
      restricted_by_admin_reason: "spam",
      restricted_by_admin_private_details: "reported twice",
      country_code: "BA",
      risk_scores: { sign_up: { bot: 10, free_trial_abuse: 20 } },
    });
    expect(response.status).toBe(201);
    const created = serverUserSchema.parse(await response.json());
    const read = serverUserSchema.parse(await (await serverRequest(`/users/${created.id}`)).json());
    expect(read.selected_team).toMatchObject({ display_name: "Full Fields's Team" });
    expect(created).toMatchObject({
      primary_email: "full.fields@example.com",
      primary_email_verified: true,
      has_password: true,
      display_name: "Full Fields",
      selected_team: null,
      is_restricted: true,
      restricted_reason: { type: "restricted_by_administrator" },
      restricted_by_admin_private_details: "reported twice",
      country_code: "BA",
      risk_scores: { sign_up: { bot: 10, free_trial_abuse: 20 } },
    });
  });

  it("takes an address the stricter sign-up rule refuses, as the reference does", async () => {
    const response = await serverRequest("/users", "POST", { primary_email: "someone@intranet" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ primary_email: "someone@intranet" });
  });

  it("reads, updates and deletes by id", async () => {
    const { id } = await createUser({ primary_email: "crud@example.com" });
    const read = await serverRequest(`/users/${id}`);
    expect(((await read.json()) as { id: string }).id).toBe(id);
    const updated = await serverRequest(`/users/${id}`, "PATCH", {
      display_name: "Renamed",
      server_metadata: { role: "editor" },
      primary_email_verified: true,
    });
    expect(await updated.json()).toMatchObject({
      display_name: "Renamed",
      server_metadata: { role: "editor" },
      primary_email_verified: true,
    });
    expect(await (await serverRequest(`/users/${id}`, "DELETE")).json()).toEqual({
      success: true,
    });
    await expectKnownError(await serverRequest(`/users/${id}`), "USER_NOT_FOUND", 404);
  });

  it("promotes an existing address and demotes the primary with null", async () => {
    const { id } = await createUser({ primary_email: "first@example.com" });
    await serverRequest(`/users/${id}`, "PATCH", { primary_email: "second@example.com" });
    const back = await serverRequest(`/users/${id}`, "PATCH", {
      primary_email: "first@example.com",
    });
    expect(((await back.json()) as { primary_email: string }).primary_email).toBe(
      "first@example.com",
    );
    const channels = await t.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.userId, id));
    expect(channels.map((channel) => [channel.value, channel.isPrimary]).sort()).toEqual([
      ["first@example.com", true],
      ["second@example.com", false],
    ]);
    const none = await serverRequest(`/users/${id}`, "PATCH", { primary_email: null });
    expect(((await none.json()) as { primary_email: unknown }).primary_email).toBeNull();
    const after = await t.db.select().from(contactChannels).where(eq(contactChannels.userId, id));
    expect(after).toHaveLength(2);
  });

  it("revokes every session of a user whose password changes", async () => {
    const user = await t.signUpUser();
    const refresh = () =>
      t.request("/auth/sessions/current/refresh", {
        accessType: "client",
        method: "POST",
        refreshToken: user.refreshToken,
      });
    expect((await refresh()).status).toBe(200);
    await serverRequest(`/users/${user.userId}`, "PATCH", { password: "a new password" });
    await expectKnownError(await refresh(), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401);
    const signIn = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: { email: user.email, password: "a new password" },
    });
    expect(signIn.status).toBe(200);
  });
});

describe("listing users (happy)", () => {
  let project: { id: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    project = await t.createProject({ config: { teams: { createPersonalTeamOnSignUp: true } } });
    const create = async (name: string, body: Record<string, unknown>) => {
      t.clock.advance(1000);
      const response = await t.request("/users", {
        accessType: "server",
        projectId: project.id,
        body,
      });
      ids[name] = ((await response.json()) as { id: string }).id;
    };
    await create("ana", { primary_email: "ana@example.com", display_name: "Ana Kovač" });
    await create("bo", { primary_email: "bo@sample.org", display_name: "Bo" });
    await create("cy", { display_name: "Cy 100%" });
    await create("anon", { is_anonymous: true });
    await create("restricted", { display_name: "Rex", restricted_by_admin: true });
  });

  const list = async (query: string) => {
    const response = await t.request(`/users${query}`, {
      accessType: "server",
      projectId: project.id,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      items: { id: string }[];
      is_paginated: boolean;
      pagination: { next_cursor: string | null };
    };
  };
  const idsOf = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

  it("lists oldest first, excluding anonymous and restricted users by default", async () => {
    const page = await list("");
    expect(idsOf(page)).toEqual([ids.ana, ids.bo, ids.cy]);
    expect(page.is_paginated).toBe(true);
    expect(page.pagination).toEqual({ next_cursor: null });
    expect(idsOf(await list("?include_restricted=true"))).toEqual([
      ids.ana,
      ids.bo,
      ids.cy,
      ids.restricted,
    ]);
    expect(idsOf(await list("?include_anonymous=true"))).toHaveLength(5);
    expect(idsOf(await list("?include_anonymous=true&only_anonymous=true"))).toEqual([ids.anon]);
  });

  it("pages with an inclusive cursor in either direction", async () => {
    const first = await list("?limit=2");
    expect(idsOf(first)).toEqual([ids.ana, ids.bo]);
    expect(first.pagination.next_cursor).toBe(ids.cy);
    const second = await list(`?limit=2&cursor=${first.pagination.next_cursor}`);
    expect(idsOf(second)).toEqual([ids.cy]);
    expect(second.pagination.next_cursor).toBeNull();
    const descending = await list("?limit=2&desc=true&order_by=signed_up_at");
    expect(idsOf(descending)).toEqual([ids.cy, ids.bo]);
    const rest = await list(`?limit=2&desc=true&cursor=${descending.pagination.next_cursor}`);
    expect(idsOf(rest)).toEqual([ids.ana]);
  });

  it("orders by last activity", async () => {
    const session = await t.request("/auth/sessions", {
      accessType: "server",
      projectId: project.id,
      body: { user_id: ids.ana },
    });
    expect(session.status).toBe(200);
    expect(idsOf(await list("?order_by=last_active_at&desc=true"))[0]).toBe(ids.ana);
  });

  it("searches display names, email addresses and ids, treating % literally", async () => {
    expect(idsOf(await list("?query=kovač"))).toEqual([ids.ana]);
    expect(idsOf(await list("?query=SAMPLE.org"))).toEqual([ids.bo]);
    expect(idsOf(await list(`?query=${ids.cy}`))).toEqual([ids.cy]);
    expect(idsOf(await list(`?query=${encodeURIComponent("100%")}`))).toEqual([ids.cy]);
    expect(idsOf(await list(`?query=${encodeURIComponent("%")}`))).toEqual([ids.cy]);
  });

  it("filters by team membership", async () => {
    const ana = (await (
      await t.request(`/users/${ids.ana}`, { accessType: "server", projectId: project.id })
    ).json()) as { selected_team_id: string };
    expect(idsOf(await list(`?team_id=${ana.selected_team_id}`))).toEqual([ids.ana]);
  });
});

describe("user management (error)", () => {
  it("is closed to client access", async () => {
    const user = await t.signUpUser();
    for (const [path, method] of [
      ["/users", "GET"],
      ["/users", "POST"],
      [`/users/${user.userId}`, "GET"],
      [`/users/${user.userId}`, "PATCH"],
      [`/users/${user.userId}`, "DELETE"],
    ] as const) {
      const response = await t.request(path, {
        accessType: "client",
        accessToken: user.accessToken,
        method,
        ...(method === "POST" || method === "PATCH" ? { body: {} } : {}),
      });
      await expectKnownError(response, "INSUFFICIENT_ACCESS_TYPE", 401);
    }
  });

  it("rejects inconsistent creation input and stores nothing", async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, string][] = [
      [
        { password: "password123", password_hash: "$2b$10$abc" },
        "Cannot set both password and password_hash at the same time.",
      ],
      [
        { password_hash: "$1$not-bcrypt" },
        "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
      ],
      [
        { primary_email_auth_enabled: true },
        "primary_email_auth_enabled cannot be true without primary_email",
      ],
      [
        { primary_email_verified: true },
        "primary_email_verified cannot be true without primary_email",
      ],
      [{ otp_auth_enabled: true }, "OTP auth not enabled in the project"],
      [
        { oauth_providers: [{ id: "github", account_id: "1", email: null }] },
        "OAuth provider github not found",
      ],
      [
        { oauth_providers: [{ id: "constructor", account_id: "1", email: null }] },
        "OAuth provider constructor not found",
      ],
    ];
    for (const [body, message] of cases) {
      await expectTextError(await serverRequest("/users", "POST", body), 400, message);
    }
    expect(await countRows()).toEqual(before);
  });

  it("refuses a restriction's reason or notes without restricted_by_admin: true (schema, as the reference)", async () => {
    const before = await countRows();
    const created = await expectKnownError(
      await serverRequest("/users", "POST", { restricted_by_admin_reason: "x" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(created.error).toBe(
      "Request validation failed on POST /api/v1/users:\n  - restricted_by_admin_reason must be null when restricted_by_admin is not true",
    );
    expect(await countRows()).toEqual(before);
    const { id } = await createUser({ display_name: "Flagged", restricted_by_admin: true });
    const updated = await expectKnownError(
      await serverRequest(`/users/${id}`, "PATCH", {
        restricted_by_admin: false,
        restricted_by_admin_private_details: "notes",
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(updated.error).toBe(
      `Request validation failed on PATCH /api/v1/users/${id}:\n  - restricted_by_admin_private_details must be null when restricted_by_admin is not true`,
    );
    const cleared = await serverRequest(`/users/${id}`, "PATCH", {
      restricted_by_admin: false,
      restricted_by_admin_reason: null,
      restricted_by_admin_private_details: null,
    });
    expect(cleared.status).toBe(200);
  });

  it("rejects a second user with the same auth email, storing nothing", async () => {
    await createUser({ primary_email: "dup@example.com", primary_email_auth_enabled: true });
    const before = await countRows();
    const body = await expectKnownError(
      await serverRequest("/users", "POST", {
        primary_email: "DUP@example.com",
        primary_email_auth_enabled: true,
      }),
      "USER_EMAIL_ALREADY_EXISTS",
      409,
    );
    expect(body.details).toEqual({
      email: "dup@example.com",
      would_work_if_email_was_verified: false,
    });
    expect(await countRows()).toEqual(before);
    // Not used for auth: the same address may exist on another account.
    await createUser({ primary_email: "dup@example.com" });
  });

  it("rejects an update that would take another user's auth email, changing nothing", async () => {
    await createUser({ primary_email: "owner@example.com", primary_email_auth_enabled: true });
    const other = await createUser({
      primary_email: "other@example.com",
      primary_email_auth_enabled: true,
      display_name: "Other",
    });
    await expectKnownError(
      await serverRequest(`/users/${other.id}`, "PATCH", {
        primary_email: "owner@example.com",
        display_name: "Changed",
      }),
      "USER_EMAIL_ALREADY_EXISTS",
      409,
    );
    const after = (await (await serverRequest(`/users/${other.id}`)).json()) as {
      primary_email: string;
      display_name: string;
    };
    expect(after).toMatchObject({ primary_email: "other@example.com", display_name: "Other" });
  });

  it("validates ids and list parameters", async () => {
    const body = await expectKnownError(
      await serverRequest("/users/not-a-uuid"),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toBe(
      "Request validation failed on GET /api/v1/users/not-a-uuid:\n  - params.user_id must be a valid UUID",
    );
    await expectKnownError(
      await serverRequest("/users/00000000-0000-4000-8000-000000000000"),
      "USER_NOT_FOUND",
      404,
    );
    // Hexadecimal in UUID shape but of no UUID version: a schema error, also when deleting.
    const versionless = await expectKnownError(
      await serverRequest("/users/01234567-89ab-cdef-0123-456789abcdef", "DELETE"),
      "SCHEMA_ERROR",
      400,
    );
    expect(versionless.error).toContain("params.user_id must be a valid UUID");
    await expectTextError(
      await serverRequest("/users?only_anonymous=true"),
      400,
      "only_anonymous=true requires include_anonymous=true",
    );
    const unknown = await expectKnownError(
      await serverRequest("/users?sort=name"),
      "SCHEMA_ERROR",
      400,
    );
    expect(unknown.error).toContain("query contains unknown properties: sort");
    await expectKnownError(await serverRequest("/users?limit=0"), "SCHEMA_ERROR", 400);
  });

  it("never shows or touches users of another project", async () => {
    const other = await t.createProject();
    const stranger = await t.signUpUser(other.id);
    await expectKnownError(await serverRequest(`/users/${stranger.userId}`), "USER_NOT_FOUND", 404);
    await expectKnownError(
      await serverRequest(`/users/${stranger.userId}`, "DELETE"),
      "USER_NOT_FOUND",
      404,
    );
    const page = (await (await serverRequest("/users?include_anonymous=true")).json()) as {
      items: { id: string }[];
    };
    expect(page.items.map((item) => item.id)).not.toContain(stranger.userId);
  });
});
