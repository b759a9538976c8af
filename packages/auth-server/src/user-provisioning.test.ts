import { isKnownError } from "@heritage/auth-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProject } from "./services/projects/projects";
import { createTestAuthApi, type TestAuthApi, testArgon2Parameters } from "./testing/test-auth-api";
import {
  createFirstUserWithPassword,
  createUserWithPassword,
  projectHasUsers,
} from "./user-provisioning";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

describe("ensureProject and createUserWithPassword (happy)", () => {
  it("creates the site's project once, with its keys, and its first admin who can sign in", async () => {
    const first = await ensureProject(t.db, {
      id: "site",
      displayName: "Heritage site",
      config: { auth: { allowSignUp: false } },
    });
    expect(first).toMatchObject({
      projectId: "site",
      created: true,
      publishableClientKey: expect.stringMatching(/^pck_/),
      secretServerKey: expect.stringMatching(/^ssk_/),
    });
    const again = await ensureProject(t.db, { id: "site", displayName: "Heritage site" });
    expect(again).toEqual({ projectId: "site", created: false });

    const project = await t.request("/projects/current", {
      accessType: "client",
      projectId: "site",
      keys: { publishableClientKey: first.publishableClientKey ?? "" },
    });
    expect(await project.json()).toMatchObject({ config: { sign_up_enabled: false } });

    const { userId } = await createUserWithPassword(t.db, {
      projectId: "site",
      email: "Admin@Example.org",
      password: "first admin password",
      primaryEmailVerified: true,
      passwordHashing: testArgon2Parameters,
    });
    const signIn = await t.request("/auth/password/sign-in", {
      accessType: "client",
      projectId: "site",
      keys: null,
      body: { email: "admin@example.org", password: "first admin password" },
    });
    expect(((await signIn.json()) as { user_id: string }).user_id).toBe(userId);
  });
});

describe("createUserWithPassword (error)", () => {
  it("refuses a taken email and an unknown project", async () => {
    await ensureProject(t.db, { id: "site-2", displayName: "Second" });
    const options = {
      projectId: "site-2",
      email: "taken@example.org",
      password: "password123",
      passwordHashing: testArgon2Parameters,
    };
    await createUserWithPassword(t.db, options);
    await expect(createUserWithPassword(t.db, options)).rejects.toSatisfy((error) =>
      isKnownError(error, "USER_EMAIL_ALREADY_EXISTS"),
    );
    await expect(
      createUserWithPassword(t.db, { ...options, projectId: "missing" }),
    ).rejects.toSatisfy((error) => isKnownError(error, "CURRENT_PROJECT_NOT_FOUND"));
  });
});

describe("projectHasUsers and createFirstUserWithPassword (security)", () => {
  it("do not count anonymous users, so one cannot block the first admin (issue 14)", async () => {
    await ensureProject(t.db, { id: "site-3", displayName: "Third" });
    const anonymous = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      projectId: "site-3",
      method: "POST",
    });
    expect(anonymous.status).toBe(200);
    await expect(projectHasUsers(t.db, "site-3")).resolves.toBe(false);

    const first = await createFirstUserWithPassword(t.db, {
      projectId: "site-3",
      email: "first-admin@example.org",
      password: "first admin password",
      passwordHashing: testArgon2Parameters,
    });
    expect(first).not.toBeNull();
    await expect(projectHasUsers(t.db, "site-3")).resolves.toBe(true);
    await expect(
      createFirstUserWithPassword(t.db, {
        projectId: "site-3",
        email: "second-admin@example.org",
        password: "second admin password",
        passwordHashing: testArgon2Parameters,
      }),
    ).resolves.toBeNull();
  });
});
