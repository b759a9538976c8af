/**
 * /admin/users on the server with roles (issue 34, item 4; decision 032), over HTTP against the
 * real server (its load context: the site's sessions and roles, the auth API in process, a real
 * database), with the route's own loader and action as the web app. An editor sees the list and
 * is refused every write with 403 (nothing changes); a new user is an editor unless the form says
 * admin; an admin changes another's role, recorded in the activity; a demoted admin's very next
 * action is refused; the last admin is neither removed nor made an editor, also when two admins
 * demote each other at once.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@heritage/db/testing";
import { type RunningServer, startServer } from "@heritage/server/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loadUsers,
  runUsersAction,
  type UsersActionData,
  type UsersLoaderData,
} from "./users.server";

const first = { email: "first.admin@example.org", password: "first admin password" };
const password = "a long enough password";

let running: RunningServer;
let dataDir: string;
let firstCookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "heritage-users-"));
  running = await startServer({
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: first.email,
      ADMIN_PASSWORD: first.password,
    },
    database: await createTestDatabase(),
    // The web app: this route's loader and action, their data as JSON.
    loadWeb: async () => ({
      handler: async (request, context) => {
        if (new URL(request.url).pathname !== "/admin/users") {
          return new Response("Not found", { status: 404 });
        }
        if (request.method === "POST") {
          const { body, status, headers } = await runUsersAction(request, context);
          return Response.json(body, { status, headers });
        }
        const { body, headers } = await loadUsers(request, context);
        return Response.json(body, { headers });
      },
    }),
  });
  firstCookie = await signIn(first.email, first.password);
}, 120_000);
afterAll(async () => {
  await running?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in through the auth API and gives the cookies the site's client would keep. */
async function signIn(email: string, userPassword: string): Promise<string> {
  const { projectId, publishableClientKey } = running.siteAuth;
  const response = await fetch(`${running.url}/api/v1/auth/password/sign-in`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": projectId,
      "x-stack-publishable-client-key": publishableClientKey,
    },
    body: JSON.stringify({ email, password: userPassword }),
  });
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  const refresh = JSON.stringify({
    refresh_token: tokens.refresh_token,
    updated_at_millis: Date.now(),
  });
  const access = JSON.stringify([tokens.refresh_token, tokens.access_token]);
  return [
    `hexclave-refresh-${projectId}--default=${encodeURIComponent(refresh)}`,
    `hexclave-access=${encodeURIComponent(access)}`,
  ].join("; ");
}

async function act(
  cookie: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: UsersActionData }> {
  const response = await fetch(`${running.url}/admin/users`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as UsersActionData };
}

async function list(cookie: string): Promise<Extract<UsersLoaderData, { ok: true }>> {
  const response = await fetch(`${running.url}/admin/users`, { headers: { cookie } });
  const body = (await response.json()) as UsersLoaderData;
  if (!body.ok) throw new Error(body.message);
  return body;
}

async function roles(): Promise<Record<string, string>> {
  const { users } = await list(firstCookie);
  return Object.fromEntries(users.map((user) => [user.email ?? user.id, user.role]));
}

async function idOf(email: string): Promise<string> {
  const { users } = await list(firstCookie);
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** Creates a user through the action as the first admin; `role` undefined: the form sends none. */
async function create(email: string, role?: string): Promise<string> {
  const fields: Record<string, string> = { intent: "create", email, password, displayName: "" };
  if (role !== undefined) fields.role = role;
  const { status, body } = await act(firstCookie, fields);
  expect(status, JSON.stringify(body)).toBe(200);
  return idOf(email);
}

describe("roles on the users screen", () => {
  it("makes the first admin an admin and a new user an editor unless the form says admin", async () => {
    const listed = await list(firstCookie);
    expect(listed.currentUserRole).toBe("admin");
    await create("no.role@example.org");
    await create("chosen.editor@example.org", "editor");
    await create("chosen.admin@example.org", "admin");
    expect(await roles()).toEqual({
      [first.email]: "admin",
      "no.role@example.org": "editor",
      "chosen.editor@example.org": "editor",
      "chosen.admin@example.org": "admin",
    });
    const refused = await act(firstCookie, {
      intent: "create",
      email: "owner@example.org",
      password,
      role: "owner",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, message: "Choose a role: admin or editor." });
    expect(Object.keys(await roles())).not.toContain("owner@example.org");
  });

  it("refuses an editor every write with 403 and changes nothing; the list stays readable", async () => {
    const editorCookie = await signIn("no.role@example.org", password);
    const listed = await list(editorCookie);
    expect(listed.currentUserRole).toBe("editor");
    const before = await roles();
    const firstId = await idOf(first.email);
    const attempts: Record<string, string>[] = [
      { intent: "create", email: "sneaky@example.org", password, role: "admin" },
      { intent: "delete", userId: firstId, confirmSelf: "" },
      { intent: "role", userId: firstId, role: "editor" },
      { intent: "role", userId: listed.currentUserId, role: "admin" },
    ];
    for (const fields of attempts) {
      const { status, body } = await act(editorCookie, fields);
      expect(status, fields.intent).toBe(403);
      expect(body).toEqual({
        intent: fields.intent,
        ok: false,
        message:
          "Only an admin can create or remove users or change their roles. Your role is editor.",
      });
    }
    expect(await roles()).toEqual(before);
  });

  it("lets an admin change another user's role, records it, and never their own", async () => {
    const userId = await idOf("chosen.editor@example.org");
    const promoted = await act(firstCookie, { intent: "role", userId, role: "admin" });
    expect(promoted).toEqual({
      status: 200,
      body: { intent: "role", ok: true, userId, role: "admin" },
    });
    expect((await roles())["chosen.editor@example.org"]).toBe("admin");
    const entries = await running.database.db.execute<{ actor_name: string; details: unknown }>(
      sql`select actor_name, details from content.audit_log
          where action = 'admin.user_role_changed' and target_id = ${userId}`,
    );
    expect(entries.rows).toEqual([
      { actor_name: first.email, details: { from: "editor", to: "admin" } },
    ]);

    const own = await act(firstCookie, {
      intent: "role",
      userId: await idOf(first.email),
      role: "editor",
    });
    expect(own).toMatchObject({ status: 400, body: { ok: false } });
    expect((await roles())[first.email]).toBe("admin");
  });

  it("refuses a demoted admin's very next action, with the same session", async () => {
    const cookie = await signIn("chosen.admin@example.org", password);
    expect((await list(cookie)).currentUserRole).toBe("admin");
    const demoted = await act(firstCookie, {
      intent: "role",
      userId: await idOf("chosen.admin@example.org"),
      role: "editor",
    });
    expect(demoted.status).toBe(200);
    const next = await act(cookie, {
      intent: "create",
      email: "too.late@example.org",
      password,
    });
    expect(next.status).toBe(403);
    expect((await list(cookie)).currentUserRole).toBe("editor");
  });

  it("keeps the last admin: not removed, and not made an editor when two admins demote each other at once", async () => {
    // Two admins now: the first and chosen.editor (promoted above).
    const secondCookie = await signIn("chosen.editor@example.org", password);
    const [firstId, secondId] = [await idOf(first.email), await idOf("chosen.editor@example.org")];
    const results = await Promise.all([
      act(firstCookie, { intent: "role", userId: secondId, role: "editor" }),
      act(secondCookie, { intent: "role", userId: firstId, role: "editor" }),
    ]);
    expect(results.filter((result) => result.body.ok)).toHaveLength(1);
    const admins = Object.entries(await roles()).filter(([, role]) => role === "admin");
    expect(admins).toHaveLength(1);

    // The one admin left cannot remove their own account while editors remain.
    const [adminEmail] = admins[0] ?? [];
    const adminCookie = adminEmail === first.email ? firstCookie : secondCookie;
    const removal = await act(adminCookie, {
      intent: "delete",
      userId: await idOf(adminEmail ?? ""),
      confirmSelf: "yes",
    });
    expect(removal).toEqual({
      status: 400,
      body: { intent: "delete", ok: false, message: "The last admin user cannot be removed." },
    });
  });
});
