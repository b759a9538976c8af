/**
 * `POST /auth/otp/send-sign-in-code`, `/auth/otp/sign-in` and `/auth/otp/sign-in/check-code`
 * (contract §2.4), with the codes read from the e-mail outbox as a user reads them from the mail.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { emailOutbox, projects, users, verificationCodes } from "../../db/schema";
import { initAuthPlatform } from "../../services/admin/platform-init";
import {
  mergeProjectConfig,
  type ProjectConfigOverride,
  parseProjectConfig,
} from "../../services/projects/project-config";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, testSecretsKey } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let mailCounter = 0;

const callbackUrl = "http://localhost:12345/some-callback-url";

beforeAll(async () => {
  t = await createTestAuthApi();
  ({ id: projectId } = await t.createProject({
    displayName: "Heritage",
    config: { auth: { otp: { allowSignIn: true } } },
  }));
});
afterAll(() => t.close());

function newEmail(): string {
  mailCounter += 1;
  return `otp-${mailCounter}@example.com`;
}

async function configure(override: ProjectConfigOverride, id = projectId): Promise<void> {
  const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
  await t.db
    .update(projects)
    .set({ config: parseProjectConfig(mergeProjectConfig(row?.config, override)) })
    .where(eq(projects.id, id));
  // Written past the API: wait until its project cache has heard of the change.
  await t.api.projects.catchUp();
}

const post = (path: string, body: unknown, options: Record<string, unknown> = {}) =>
  t.request(`/auth/otp${path}`, { accessType: "client", projectId, body, ...options });

async function sendCode(email: string): Promise<{ nonce: string; code: string; otp: string }> {
  const response = await post("/send-sign-in-code", { email, callback_url: callbackUrl });
  expect(response.status).toBe(200);
  const { nonce } = (await response.json()) as { nonce: string };
  const code = await t.readCodeFromOutbox(email, "Sign in to");
  const mail = (await t.readOutbox(email)).at(-1);
  const otp = mail?.subject.match(/Your code is ([A-Z0-9]{6})$/)?.[1] ?? "";
  return { nonce, code, otp };
}

async function createUser(body: Record<string, unknown>): Promise<string> {
  const response = await t.request("/users", { accessType: "server", projectId, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function readMe(accessToken: string) {
  const response = await t.request("/users/me", { accessType: "server", projectId, accessToken });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function countRows(table: typeof users | typeof emailOutbox | typeof verificationCodes) {
  const [row] = await t.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

describe("send-sign-in-code (happy)", () => {
  it("mails the code as a link and as a 6-character OTP, and answers the nonce", async () => {
    const email = newEmail();
    const response = await post("/send-sign-in-code", {
      email,
      callback_url: `${callbackUrl}?code=stale`,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { nonce: string };
    expect(Object.keys(body)).toEqual(["nonce"]);
    expect(body.nonce).toMatch(/^[0-9a-z]{39}$/);

    const [mail] = await t.readOutbox(email);
    expect(mail?.from).toBe('"Heritage" <noreply@example.com>');
    const otp = mail?.subject.match(/^Sign in to Heritage: Your code is ([0-9A-Z]{6})$/)?.[1];
    expect(otp).toBeDefined();
    const link = `${callbackUrl}?code=${otp?.toLowerCase()}${body.nonce}`;
    expect(mail?.text).toContain(`\n${link}\n`);
    expect(mail?.text).toContain(String(otp));
    expect(mail?.html).toContain(body.nonce);
    // The reference's template shows the code alone in a paragraph; its suite reads it with this.
    expect(mail?.html.match(/>([A-Z0-9]{6})<\/p>/)?.[1]).toBe(otp);
    expect(mail?.text).not.toContain("stale");
  });

  it("accepts the hexclave header spelling the SDK sends", async () => {
    const email = newEmail();
    const response = await post(
      "/send-sign-in-code",
      { email, callback_url: callbackUrl },
      { spelling: "hexclave" },
    );
    expect(response.status).toBe(200);
  });
});

describe("send-sign-in-code (rejected)", () => {
  it("answers 403 when the project has OTP off, and mails nothing", async () => {
    const { id } = await t.createProject();
    const before = await countRows(emailOutbox);
    const response = await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId: id,
      body: { email: newEmail(), callback_url: callbackUrl },
    });
    await expectTextError(response, 403, "OTP sign-in is not enabled for this project");
    expect(await countRows(emailOutbox)).toBe(before);
  });

  it("refuses an account whose address is not verified (USER_EMAIL_ALREADY_EXISTS)", async () => {
    const email = newEmail();
    await createUser({ primary_email: email, primary_email_auth_enabled: true });
    const body = await expectKnownError(
      await post("/send-sign-in-code", { email: email.toUpperCase(), callback_url: callbackUrl }),
      "USER_EMAIL_ALREADY_EXISTS",
      409,
    );
    expect(body.details).toEqual({ email, would_work_if_email_was_verified: true });
    expect(await t.readOutbox(email)).toHaveLength(0);
  });

  it("refuses a new address when sign-up is off, but not an existing account", async () => {
    const { id } = await t.createProject({
      config: { auth: { otp: { allowSignIn: true }, allowSignUp: false } },
    });
    const email = newEmail();
    await expectKnownError(
      await t.request("/auth/otp/send-sign-in-code", {
        accessType: "client",
        projectId: id,
        body: { email, callback_url: callbackUrl },
      }),
      "SIGN_UP_NOT_ENABLED",
      400,
    );
    const existing = newEmail();
    await t.request("/users", {
      accessType: "server",
      projectId: id,
      body: {
        primary_email: existing,
        primary_email_verified: true,
        primary_email_auth_enabled: true,
      },
    });
    const response = await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId: id,
      body: { email: existing, callback_url: callbackUrl },
    });
    expect(response.status).toBe(200);
  });

  it("refuses an untrusted callback URL and stores no code", async () => {
    const codesBefore = await countRows(verificationCodes);
    await expectKnownError(
      await post("/send-sign-in-code", {
        email: newEmail(),
        callback_url: "https://evil.example.com/cb",
      }),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    expect(await countRows(verificationCodes)).toBe(codesBefore);
  });

  it("answers an untrusted callback URL the same for every address (issue 14)", async () => {
    const { id } = await t.createProject({
      config: { auth: { otp: { allowSignIn: true }, allowSignUp: false } },
    });
    const unverified = newEmail();
    const created = await t.request("/users", {
      accessType: "server",
      projectId: id,
      body: { primary_email: unverified, primary_email_auth_enabled: true },
    });
    expect(created.status).toBe(201);
    const answers = [];
    for (const email of [unverified, newEmail()]) {
      const response = await t.request("/auth/otp/send-sign-in-code", {
        accessType: "client",
        projectId: id,
        body: { email, callback_url: "https://evil.example.com/cb" },
      });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[0]).toMatchObject({
      status: 400,
      body: { code: "REDIRECT_URL_NOT_WHITELISTED" },
    });
    expect(answers[1]).toEqual(answers[0]);
  });

  it("reports every schema problem at once", async () => {
    const response = await post("/send-sign-in-code", { email: "not-an-email", extra: 1 });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    expect(body.error).toBe(
      [
        `Request validation failed on POST /api/v1/auth/otp/send-sign-in-code:`,
        "  - body contains unknown properties: extra",
        "  - body.email must be a valid email",
        "  - body.callback_url must be defined",
      ].join("\n"),
    );
  });

  it("needs an access type", async () => {
    await expectKnownError(
      await t.request("/auth/otp/send-sign-in-code", {
        body: { email: newEmail(), callback_url: callbackUrl },
      }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
  });
});

describe("sign-in (happy)", () => {
  it("signs a new user up with the magic link's code: verified address, OTP on", async () => {
    const email = newEmail();
    const { code } = await sendCode(email);
    const response = await post("/sign-in", { code });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "access_token",
      "is_new_user",
      "refresh_token",
      "user_id",
    ]);
    expect(body.is_new_user).toBe(true);
    const me = await readMe(String(body.access_token));
    expect(me).toMatchObject({
      id: body.user_id,
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      otp_auth_enabled: true,
      auth_with_email: true,
      has_password: false,
      is_anonymous: false,
    });
  });

  it("gives a new user the country of the request that asked for the code (browser geo headers)", async () => {
    const geo = (country: string, ip: string) => ({
      "user-agent": "Mozilla/5.0",
      "x-forwarded-for": ip,
      "x-vercel-ip-country": country,
      "cf-ipcountry": country,
    });
    const signUp = async (sendHeaders: Record<string, string>) => {
      const email = newEmail();
      const sent = await post(
        "/send-sign-in-code",
        { email, callback_url: callbackUrl },
        { headers: sendHeaders },
      );
      expect(sent.status).toBe(200);
      const code = await t.readCodeFromOutbox(email, "Sign in to");
      const response = await post("/sign-in", { code }, { headers: geo("US", "127.0.0.71") });
      expect(response.status).toBe(200);
      return readMe(String(((await response.json()) as { access_token: string }).access_token));
    };
    expect((await signUp(geo("ca", "127.0.0.70"))).country_code).toBe("CA");
    // Not claiming to be a browser, no IP header, or no valid code: no country (as the reference).
    const { "user-agent": _, ...notBrowser } = geo("CA", "127.0.0.70");
    expect((await signUp(notBrowser)).country_code).toBeNull();
    expect(
      (await signUp({ "user-agent": "Mozilla/5.0", "cf-ipcountry": "CA" })).country_code,
    ).toBeNull();
    expect((await signUp(geo("Canada", "127.0.0.70"))).country_code).toBeNull();
  });

  it("signs in with the typed OTP (any case) plus the nonce, once", async () => {
    const email = newEmail();
    const first = await sendCode(email);
    const firstSignIn = await post("/sign-in", { code: first.code });
    const userId = ((await firstSignIn.json()) as { user_id: string }).user_id;

    const { nonce, otp } = await sendCode(email);
    expect(otp).toMatch(/^[0-9A-Z]{6}$/);
    const response = await post("/sign-in", { code: `${otp}${nonce}` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user_id: string; is_new_user: boolean };
    expect(body).toMatchObject({ user_id: userId, is_new_user: false });
    await expectKnownError(
      await post("/sign-in", { code: `${otp.toLowerCase()}${nonce}` }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });

  it("signs a verified password account in and adds OTP to its methods", async () => {
    const email = newEmail();
    const userId = await createUser({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "password123",
    });
    const { code } = await sendCode(email);
    const response = await post("/sign-in", { code });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user_id: string; is_new_user: boolean };
    expect(body).toMatchObject({ user_id: userId, is_new_user: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.otpAuthEnabled).toBe(true);
  });

  it("signs up a new user when another has the address without using it for sign-in", async () => {
    const email = newEmail();
    const otherId = await createUser({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: false,
    });
    const { code } = await sendCode(email);
    const body = (await (await post("/sign-in", { code })).json()) as {
      user_id: string;
      is_new_user: boolean;
    };
    expect(body.is_new_user).toBe(true);
    expect(body.user_id).not.toBe(otherId);
  });

  it("accepts both of two codes sent before either was used", async () => {
    const email = newEmail();
    const first = await sendCode(email);
    const second = await sendCode(email);
    expect((await post("/sign-in", { code: second.code })).status).toBe(200);
    expect((await post("/sign-in", { code: first.code })).status).toBe(200);
  });

  it("check-code confirms a valid code without using it up", async () => {
    const { code } = await sendCode(newEmail());
    const check = await post("/sign-in/check-code", { code });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ is_code_valid: true });
    expect((await post("/sign-in", { code })).status).toBe(200);
    await expectKnownError(
      await post("/sign-in/check-code", { code }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });
});

describe("sign-in (rejected)", () => {
  it("answers VERIFICATION_CODE_NOT_FOUND for a wrong code or another kind of code", async () => {
    await expectKnownError(
      await post("/sign-in", { code: "a".repeat(45) }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    const user = await t.signUpUser(projectId);
    await t.request("/auth/password/send-reset-code", {
      accessType: "client",
      projectId,
      body: { email: user.email, callback_url: callbackUrl },
    });
    const resetCode = await t.readCodeFromOutbox(user.email, "Reset your password");
    await expectKnownError(
      await post("/sign-in", { code: resetCode }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });

  it("does not accept a code in another project", async () => {
    const { code } = await sendCode(newEmail());
    const { id: other } = await t.createProject({
      config: { auth: { otp: { allowSignIn: true } } },
    });
    await expectKnownError(
      await t.request("/auth/otp/sign-in", {
        accessType: "client",
        projectId: other,
        body: { code },
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });

  it("expires codes after 7 days", async () => {
    const { code } = await sendCode(newEmail());
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    await expectKnownError(await post("/sign-in", { code }), "VERIFICATION_CODE_EXPIRED", 400);
  });

  it("stops accepting an OTP after 20 wrong guesses for its nonce", async () => {
    const { nonce, otp } = await sendCode(newEmail());
    const wrong = otp === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await expectKnownError(
        await post("/sign-in", { code: `${wrong}${nonce}` }),
        "VERIFICATION_CODE_NOT_FOUND",
        404,
      );
    }
    await expectKnownError(
      await post("/sign-in", { code: `${otp}${nonce}` }),
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      400,
    );
  });

  it("refuses while OTP is off and keeps the code for when it is on again", async () => {
    const { code } = await sendCode(newEmail());
    const usersBefore = await countRows(users);
    await configure({ auth: { otp: { allowSignIn: false } } });
    try {
      await expectTextError(
        await post("/sign-in", { code }),
        403,
        "OTP sign-in is not enabled for this project",
      );
    } finally {
      await configure({ auth: { otp: { allowSignIn: true } } });
    }
    expect(await countRows(users)).toBe(usersBefore);
    expect((await post("/sign-in", { code })).status).toBe(200);
  });

  it("creates no user when sign-up was closed after the code was sent", async () => {
    const { code } = await sendCode(newEmail());
    const usersBefore = await countRows(users);
    await configure({ auth: { allowSignUp: false } });
    try {
      await expectKnownError(await post("/sign-in", { code }), "SIGN_UP_NOT_ENABLED", 400);
    } finally {
      await configure({ auth: { allowSignUp: true } });
    }
    expect(await countRows(users)).toBe(usersBefore);
  });

  it("asks a user with TOTP for the second factor instead of signing in", async () => {
    const email = newEmail();
    await createUser({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      totp_secret_base64: Buffer.from("12345678901234567890").toString("base64"),
    });
    const { code } = await sendCode(email);
    const body = await expectKnownError(
      await post("/sign-in", { code }),
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      400,
    );
    expect(body.details?.attempt_code).toEqual(expect.any(String));
  });

  it("rejects a code that is not 45 characters", async () => {
    const body = await expectKnownError(
      await post("/sign-in", { code: "ABC123" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("body.code must be at least 45 characters");
  });
});

describe("the internal project", () => {
  it("offers OTP only with STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED=true, applied at every start", async () => {
    const sendOnInternal = (api: TestAuthApi) =>
      api.request("/auth/otp/send-sign-in-code", {
        accessType: "client",
        body: { email: "dashboard-user@example.com", callback_url: callbackUrl },
      });
    const magicLinkEnabled = async (api: TestAuthApi) => {
      const response = await api.request("/projects/current", { accessType: "client" });
      return ((await response.json()) as { config: { magic_link_enabled: boolean } }).config
        .magic_link_enabled;
    };
    const enabled = await createTestAuthApi({
      env: { STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: "true" },
    });
    try {
      expect(await magicLinkEnabled(enabled)).toBe(true);
      expect((await sendOnInternal(enabled)).status).toBe(200);
      // A restart without the variable turns it off again.
      await initAuthPlatform(enabled.db, parseAuthConfig({ SECRETS_KEY: testSecretsKey }));
      // Written past the API: its project cache hears of it through the database's announcement.
      await enabled.api.projects.catchUp();
      expect(await magicLinkEnabled(enabled)).toBe(false);
    } finally {
      await enabled.close();
    }
    expect(await magicLinkEnabled(t)).toBe(false);
    await expectTextError(
      await sendOnInternal(t),
      403,
      "OTP sign-in is not enabled for this project",
    );
  });
});
