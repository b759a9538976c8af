/**
 * Sign-in events (issue 29): a password sign-in tells the embedder who signed in, a wrong
 * password which address was tried; a listener that fails changes no answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import type { SignedInEvent, SignInFailedEvent } from "./auth-events";

let t: TestAuthApi;
let projectId: string;
let userId: string;
const heard: (SignedInEvent | SignInFailedEvent)[] = [];
let failing = false;

beforeAll(async () => {
  t = await createTestAuthApi({
    events: {
      signedIn: async (event) => {
        if (failing) throw new Error("listener down");
        heard.push(event);
      },
      signInFailed: (event) => {
        heard.push(event);
      },
    },
  });
  projectId = (await t.createProject()).id;
  userId = (await t.signUpUser(projectId, { email: "ann@example.com", password: "password123" }))
    .userId;
}, 60_000);
afterAll(() => t.close());

const signIn = (password: string) =>
  t.request("/auth/password/sign-in", {
    accessType: "client",
    projectId,
    method: "POST",
    body: { email: "Ann@Example.com", password },
  });

describe("sign-in events", () => {
  it("names the user who signed in, and the address a wrong password was tried for", async () => {
    heard.length = 0;
    expect((await signIn("wrong-password")).status).toBe(400);
    expect((await signIn("password123")).status).toBe(200);
    expect(heard).toEqual([
      { projectId, email: "ann@example.com", ip: null, reason: "wrong_password" },
      { projectId, userId, ip: null, isNewUser: false },
    ]);
  });

  it("answers as usual when a listener fails", async () => {
    failing = true;
    try {
      expect((await signIn("password123")).status).toBe(200);
    } finally {
      failing = false;
    }
  });
});
