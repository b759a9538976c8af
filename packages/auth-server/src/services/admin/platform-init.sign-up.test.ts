/**
 * Sign-up on the `internal` project (whose users may create projects) is off unless the operator
 * sets `STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED=true` (issue 14, defect 2): a fresh server
 * answers SIGN_UP_NOT_ENABLED, the variable turns it on, and a server that had it on turns it off
 * again at its next start without the variable.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { initAuthPlatform } from "./platform-init";

let t: TestAuthApi | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function signUp(api: TestAuthApi, email: string) {
  return api.request("/auth/password/sign-up", {
    accessType: "client",
    body: { email, password: "a long enough password" },
  });
}

describe("sign-up on the internal project", () => {
  it("is refused by default", async () => {
    // An empty variable is the default, as for every flag (the harness sets it to true).
    t = await createTestAuthApi({ env: { STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "" } });
    expect(t.config.STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED).toBe(false);
    await expectKnownError(await signUp(t, "stranger@example.org"), "SIGN_UP_NOT_ENABLED", 400);
  });

  it("is open when the operator sets the variable", async () => {
    t = await createTestAuthApi({ env: { STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true" } });
    expect((await signUp(t, "admin@example.org")).status).toBe(200);
  });

  it("closes again at the next start without the variable", async () => {
    t = await createTestAuthApi({ env: { STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true" } });
    await initAuthPlatform(
      t.db,
      parseAuthConfig({ ...configEnvOf(t), STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "" }),
    );
    // Written past the API: its project cache hears of it through the database's announcement.
    await t.api.projects.catchUp();
    await expectKnownError(await signUp(t, "late@example.org"), "SIGN_UP_NOT_ENABLED", 400);
  });
});

/** The variables the harness started with that a restart must keep (keys, secrets). */
function configEnvOf(api: TestAuthApi): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(api.config)) {
    if (typeof value === "string") env[name] = value;
  }
  return env;
}
