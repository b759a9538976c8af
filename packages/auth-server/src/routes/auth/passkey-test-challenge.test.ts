/**
 * STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING (issue 17): with the switch on, both
 * initiate endpoints offer the reference's fixed challenge "MOCK" and answers signed for it verify
 * (Stack's e2e suite replays such answers); off, every challenge is random; outside development the
 * auth API refuses to start with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthApi } from "../../app";
import { parseAuthConfig } from "../../config";
import { createSoftwareAuthenticator } from "../../testing/software-authenticator";
import { createTestAuthApi, type TestUser } from "../../testing/test-auth-api";

const origin = "http://localhost:5173";
/** "MOCK" in base64url, the challenge the reference's e2e answers are signed for. */
const fixedChallenge = "TU9DSw";

interface Initiated {
  options_json: { challenge: string } & Record<string, unknown>;
  code: string;
}

async function startApi(switchValue: string | undefined) {
  const t = await createTestAuthApi(
    switchValue === undefined
      ? {}
      : { env: { STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: switchValue } },
  );
  const projectId = (
    await t.createProject({ config: { auth: { passkey: { allowSignIn: true } } } })
  ).id;
  const post = (path: string, body: unknown, user?: TestUser) =>
    t.request(`/auth/passkey${path}`, {
      accessType: "client",
      projectId,
      body,
      ...(user ? { accessToken: user.accessToken } : {}),
    });
  const initiate = async (path: string, user?: TestUser): Promise<Initiated> => {
    const response = await post(path, {}, user);
    expect(response.status).toBe(200);
    return (await response.json()) as Initiated;
  };
  return { t, projectId, post, initiate };
}

describe("with the switch on", () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  beforeAll(async () => {
    api = await startApi("yes");
  });
  afterAll(() => api.t.close());

  it("offers the fixed challenge, and a registration and a sign-in made for it verify", async () => {
    const user = await api.t.signUpUser(api.projectId);
    const authenticator = createSoftwareAuthenticator();
    const registration = await api.initiate("/initiate-passkey-registration", user);
    expect(registration.options_json.challenge).toBe(fixedChallenge);
    const registered = await api.post(
      "/register",
      {
        credential: authenticator.register({ challenge: fixedChallenge }, origin),
        code: registration.code,
      },
      user,
    );
    expect(registered.status).toBe(200);

    const authentication = await api.initiate("/initiate-passkey-authentication");
    expect(authentication.options_json.challenge).toBe(fixedChallenge);
    const signedIn = await api.post("/sign-in", {
      authentication_response: authenticator.authenticate({ challenge: fixedChallenge }, origin),
      code: authentication.code,
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user_id: user.userId });
  });
});

describe("with the switch off (default)", () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  beforeAll(async () => {
    api = await startApi(undefined);
  });
  afterAll(() => api.t.close());

  it("offers a new random challenge every time, and an answer for the fixed one fails", async () => {
    const user = await api.t.signUpUser(api.projectId);
    const first = await api.initiate("/initiate-passkey-registration", user);
    const second = await api.initiate("/initiate-passkey-registration", user);
    const third = await api.initiate("/initiate-passkey-authentication");
    const fourth = await api.initiate("/initiate-passkey-authentication");
    const challenges = [first, second, third, fourth].map((it) => it.options_json.challenge);
    expect(new Set(challenges).size).toBe(4);
    expect(challenges).not.toContain(fixedChallenge);

    const authenticator = createSoftwareAuthenticator();
    const response = await api.post(
      "/register",
      {
        credential: authenticator.register({ challenge: fixedChallenge }, origin),
        code: first.code,
      },
      user,
    );
    expect(response.status).toBe(400);
  });
});

describe("outside development", () => {
  it("refuses to build the auth API with the switch on", () => {
    const config = parseAuthConfig({ STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: "yes" });
    expect(() =>
      createAuthApi({
        // Refused before the database is touched.
        db: {} as never,
        config,
        baseUrl: "https://example.org",
        isDevelopment: false,
      }),
    ).toThrow(
      /STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: refused when NODE_ENV=production/,
    );
  });
});
