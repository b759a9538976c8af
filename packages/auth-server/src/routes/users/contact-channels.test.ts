/**
 * `/contact-channels` (contract §2.3, §2.6): CRUD for `me` and for a user id, access rules, primary
 * and used-for-auth rules, and e-mail verification with the code read from the outbox.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const callbackUrl = "http://localhost:12345/some-callback-url";

interface Channel {
  user_id: string;
  id: string;
  value: string;
  type: string;
  used_for_auth: boolean;
  is_verified: boolean;
  is_primary: boolean;
}

const asClient = (user: TestUser) => ({
  accessType: "client" as const,
  accessToken: user.accessToken,
});

async function list(user: TestUser): Promise<Channel[]> {
  const response = await t.request("/contact-channels?user_id=me", asClient(user));
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Channel[] }).items;
}

async function create(user: TestUser, body: Record<string, unknown>): Promise<Channel> {
  // Lists are oldest first; the test clock stands still unless moved.
  t.clock.advance(1000);
  const response = await t.request("/contact-channels", {
    ...asClient(user),
    body: { user_id: "me", type: "email", used_for_auth: false, ...body },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Channel;
}

async function storedChannels(userId: string) {
  return t.db.select().from(contactChannels).where(eq(contactChannels.userId, userId));
}

describe("contact channels CRUD (happy)", () => {
  it("lists the primary email, creates, reads, updates and deletes for me", async () => {
    const user = await t.signUpUser("internal", { email: "crud@example.com" });
    const [primary] = await list(user);
    expect(primary).toEqual({
      user_id: user.userId,
      id: primary?.id,
      value: "crud@example.com",
      type: "email",
      used_for_auth: true,
      is_verified: false,
      is_primary: true,
    });

    const second = await create(user, { value: "Second@Example.com" });
    expect(second).toMatchObject({ value: "second@example.com", is_primary: false });
    expect((await list(user)).map((channel) => channel.value)).toEqual([
      "crud@example.com",
      "second@example.com",
    ]);
    const read = await t.request(`/contact-channels/me/${second.id}`, asClient(user));
    expect(await read.json()).toEqual(second);

    const patched = await t.request(`/contact-channels/me/${second.id}`, {
      ...asClient(user),
      method: "PATCH",
      body: { is_primary: true },
    });
    expect(await patched.json()).toMatchObject({ is_primary: true });
    const afterPrimary = await list(user);
    expect(afterPrimary.filter((channel) => channel.is_primary).map((c) => c.id)).toEqual([
      second.id,
    ]);
    const me = await t.request("/users/me", asClient(user));
    expect(await me.json()).toMatchObject({ primary_email: "second@example.com" });

    const deleted = await t.request(`/contact-channels/me/${second.id}`, {
      ...asClient(user),
      method: "DELETE",
    });
    expect(await deleted.json()).toEqual({ success: true });
    expect((await list(user)).map((channel) => channel.id)).toEqual([primary?.id]);
  });

  it("lets the server manage any user's channels, including is_verified", async () => {
    const user = await t.signUpUser("internal", { email: "server-crud@example.com" });
    const created = await t.request("/contact-channels", {
      accessType: "server",
      body: {
        user_id: user.userId,
        value: "verified@example.com",
        type: "email",
        used_for_auth: true,
        is_verified: true,
      },
    });
    expect(created.status).toBe(201);
    const channel = (await created.json()) as Channel;
    expect(channel).toMatchObject({ is_verified: true, used_for_auth: true });
    const renamed = await t.request(`/contact-channels/${user.userId}/${channel.id}`, {
      accessType: "server",
      method: "PATCH",
      body: { value: "renamed@example.com" },
    });
    expect(await renamed.json()).toMatchObject({
      value: "renamed@example.com",
      is_verified: false,
    });
    const listed = await t.request(
      `/contact-channels?user_id=${user.userId}&contact_channel_id=${channel.id}`,
      { accessType: "server" },
    );
    expect(((await listed.json()) as { items: Channel[] }).items).toHaveLength(1);
  });
});

describe("contact channels CRUD (error)", () => {
  it("refuses duplicates and addresses another account signs in with", async () => {
    const owner = await t.signUpUser("internal", { email: "owner@example.com" });
    const other = await t.signUpUser("internal", { email: "other-owner@example.com" });
    await expectTextError(
      await t.request("/contact-channels", {
        ...asClient(owner),
        body: { user_id: "me", value: "owner@example.com", type: "email", used_for_auth: false },
      }),
      400,
      "Contact channel already exists",
    );
    const before = await storedChannels(other.userId);
    const conflict = await expectKnownError(
      await t.request("/contact-channels", {
        ...asClient(other),
        body: { user_id: "me", value: "owner@example.com", type: "email", used_for_auth: true },
      }),
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      409,
    );
    expect(conflict.details).toEqual({
      type: "email",
      contact_channel_value: "owner@example.com",
      would_work_if_email_was_verified: false,
    });
    // Not used for auth, the same address may belong to two accounts.
    await create(other, { value: "owner@example.com" });
    const [shared] = (await list(other)).filter((c) => c.value === "owner@example.com");
    await expectKnownError(
      await t.request(`/contact-channels/me/${shared?.id}`, {
        ...asClient(other),
        method: "PATCH",
        body: { used_for_auth: true },
      }),
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      409,
    );
    expect((await storedChannels(other.userId)).length).toBe(before.length + 1);
  });

  it("answers missing channels with the reference's texts", async () => {
    const user = await t.signUpUser("internal");
    const missing = "00000000-0000-4000-8000-000000000000";
    await expectTextError(
      await t.request(`/contact-channels/me/${missing}`, asClient(user)),
      404,
      "Contact channel not found.",
    );
    await expectTextError(
      await t.request(`/contact-channels/me/${missing}`, {
        ...asClient(user),
        method: "PATCH",
        body: { is_primary: true },
      }),
      400,
      "Contact channel not found",
    );
    await expectTextError(
      await t.request(`/contact-channels/me/${missing}`, { ...asClient(user), method: "DELETE" }),
      400,
      "Contact channel not found",
    );
  });

  it("keeps clients to their own user and is_verified to the server", async () => {
    const user = await t.signUpUser("internal");
    const other = await t.signUpUser("internal");
    const [channel] = await list(other);
    await expectTextError(
      await t.request(`/contact-channels?user_id=${other.userId}`, asClient(user)),
      403,
      "Client can only list contact channels for their own user.",
    );
    await expectTextError(
      await t.request(`/contact-channels/${other.userId}/${channel?.id}`, asClient(user)),
      403,
      "Client can only read contact channels for their own user.",
    );
    await expectTextError(
      await t.request(`/contact-channels/${other.userId}/${channel?.id}`, {
        ...asClient(user),
        method: "DELETE",
      }),
      403,
      "Client can only delete contact channels for their own user.",
    );
    await expectTextError(
      await t.request("/contact-channels", {
        ...asClient(user),
        body: {
          user_id: other.userId,
          value: "x@example.com",
          type: "email",
          used_for_auth: false,
        },
      }),
      403,
      "Client can only create contact channels for their own user.",
    );
    await expectKnownError(
      await t.request("/contact-channels", {
        ...asClient(user),
        body: {
          user_id: "me",
          value: "x@example.com",
          type: "email",
          used_for_auth: false,
          is_verified: true,
        },
      }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/contact-channels?user_id=me", { accessType: "client" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    expect(await list(other)).toEqual([channel]);
  });
});

describe("email verification", () => {
  it("mails a link for a channel, checks the code and verifies it once", async () => {
    const user = await t.signUpUser("internal", { email: "verify-me@example.com" });
    const [channel] = await list(user);
    const sent = await t.request(`/contact-channels/me/${channel?.id}/send-verification-code`, {
      ...asClient(user),
      body: { callback_url: callbackUrl },
    });
    expect(await sent.json()).toEqual({ success: true });
    const [mail] = await t.readOutbox("verify-me@example.com");
    expect(mail?.subject).toBe("Verify your email at Stack Dashboard");
    const code = await t.readCodeFromOutbox("verify-me@example.com", "Verify your email");

    const check = await t.request("/contact-channels/verify/check-code", {
      accessType: "client",
      body: { code },
    });
    expect(await check.json()).toEqual({ is_code_valid: true });
    expect((await list(user))[0]?.is_verified).toBe(false);

    const verified = await t.request("/contact-channels/verify", {
      accessType: "client",
      body: { code },
    });
    expect(await verified.json()).toEqual({ success: true });
    expect((await list(user))[0]?.is_verified).toBe(true);
    await expectKnownError(
      await t.request("/contact-channels/verify", { accessType: "client", body: { code } }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
    await expectKnownError(
      await t.request(`/contact-channels/me/${channel?.id}/send-verification-code`, {
        ...asClient(user),
        body: { callback_url: callbackUrl },
      }),
      "EMAIL_ALREADY_VERIFIED",
      409,
    );
  });

  it("sends through the legacy endpoint for the primary email only", async () => {
    const user = await t.signUpUser("internal", { email: "legacy@example.com" });
    const wrong = await expectKnownError(
      await t.request("/contact-channels/send-verification-code", {
        ...asClient(user),
        body: { email: "other@example.com", callback_url: callbackUrl },
      }),
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
      400,
    );
    expect(wrong.details).toEqual({
      email: "other@example.com",
      primary_email: "legacy@example.com",
    });
    const sent = await t.request("/contact-channels/send-verification-code", {
      ...asClient(user),
      body: { email: "legacy@example.com", callback_url: callbackUrl },
    });
    expect(sent.status).toBe(200);
    const code = await t.readCodeFromOutbox("legacy@example.com", "Verify your email");
    expect(
      (await t.request("/contact-channels/verify", { accessType: "client", body: { code } }))
        .status,
    ).toBe(200);
    const me = await t.request("/users/me", asClient(user));
    expect(await me.json()).toMatchObject({ primary_email_verified: true });
  });

  it("mails the verification link at sign-up when a callback URL is given", async () => {
    const response = await t.request("/auth/password/sign-up", {
      accessType: "client",
      body: {
        email: "signup-verify@example.com",
        password: "password123",
        verification_callback_url: callbackUrl,
      },
    });
    expect(response.status).toBe(200);
    const code = await t.readCodeFromOutbox("signup-verify@example.com", "Verify your email");
    expect(code).toHaveLength(45);
  });

  it("refuses other users, unknown users, missing channels and untrusted callbacks", async () => {
    const user = await t.signUpUser("internal");
    const other = await t.signUpUser("internal");
    const [channel] = await list(other);
    const send = (userId: string, channelId: string, options: object, callback = callbackUrl) =>
      t.request(`/contact-channels/${userId}/${channelId}/send-verification-code`, {
        body: { callback_url: callback },
        ...options,
      });
    await expectTextError(
      await send(other.userId, channel?.id ?? "", asClient(user)),
      400,
      "Can only send verification code for your own user",
    );
    await expectKnownError(
      await send(other.userId, channel?.id ?? "", { accessType: "client" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    const unknown = "00000000-0000-4000-8000-000000000001";
    await expectKnownError(
      await send(unknown, channel?.id ?? "", { accessType: "server" }),
      "USER_ID_DOES_NOT_EXIST",
      400,
    );
    await expectTextError(
      await send(other.userId, unknown, { accessType: "server" }),
      404,
      "Contact channel not found",
    );
    await expectKnownError(
      await send(
        other.userId,
        channel?.id ?? "",
        { accessType: "server" },
        "https://evil.example.com",
      ),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    expect(await t.readOutbox(other.email)).toEqual([]);
  });

  it("refuses a code whose channel was deleted, and unknown codes", async () => {
    const user = await t.signUpUser("internal", { email: "deleted-channel@example.com" });
    const extra = await create(user, { value: "extra-channel@example.com" });
    await t.request(`/contact-channels/me/${extra.id}/send-verification-code`, {
      ...asClient(user),
      body: { callback_url: callbackUrl },
    });
    const code = await t.readCodeFromOutbox("extra-channel@example.com", "Verify your email");
    await t.request(`/contact-channels/me/${extra.id}`, { ...asClient(user), method: "DELETE" });
    await expectTextError(
      await t.request("/contact-channels/verify", { accessType: "client", body: { code } }),
      400,
      "Contact channel not found. Was your contact channel deleted?",
    );
    await expectKnownError(
      await t.request("/contact-channels/verify", {
        accessType: "client",
        body: { code: "b".repeat(45) },
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });
});
