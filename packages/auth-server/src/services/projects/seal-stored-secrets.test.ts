/**
 * Secrets at rest (issue 14): the signing keys' private halves, TOTP secrets and webhook endpoint
 * secrets are stored encrypted with `SECRETS_KEY`. An install that stored them in plain text is
 * encrypted in place at its next start, and everything keeps working (old tokens verify, TOTP
 * codes check, webhook signatures are unchanged); a rotation re-encrypts under the new key; a
 * start with a key that opens nothing stored refuses and changes nothing.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { signingKeys, users, webhookEndpoints } from "../../db/schema";
import { openPrivateJwk } from "../../keys/signing-keys";
import { expectKnownError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type FullProjectKeys,
  type TestAuthApi,
  type TestUser,
  testSecretsKey,
} from "../../testing/test-auth-api";
import { initAuthPlatform } from "../admin/platform-init";
import { generateTotpCode, totpPeriodSeconds } from "../credentials/totp";
import { createSecretBox, UnreadableSecretError } from "../secrets/secret-box";

const otherKey = "a-second-secrets-key-for-the-rotation-tests-42";

interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let receiverUrl: string;
const received: ReceivedRequest[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const harnesses: TestAuthApi[] = [];
afterEach(async () => {
  // Restarted harnesses first: the first one owns (and closes) the database.
  for (const harness of harnesses.reverse()) await harness.close();
  harnesses.length = 0;
  received.length = 0;
});

async function start(options: Parameters<typeof createTestAuthApi>[0] = {}) {
  const harness = await createTestAuthApi(options);
  harnesses.push(harness);
  return harness;
}

/** What an install holds: a project, a user with TOTP and a token, a webhook endpoint. */
interface World {
  project: { id: string; keys: FullProjectKeys };
  user: TestUser;
  totpSecret: string;
  endpoint: { id: string; secret: string };
}

async function populate(t: TestAuthApi): Promise<World> {
  const project = await t.createProject();
  const user = await t.signUpUser(project.id);
  const totpSecret = randomBytes(20).toString("base64");
  const enabled = await t.request("/users/me", {
    method: "PATCH",
    accessType: "client",
    projectId: project.id,
    accessToken: user.accessToken,
    body: { totp_secret_base64: totpSecret },
  });
  expect(enabled.status).toBe(200);
  const created = await t.request("/webhooks/endpoints", {
    accessType: "admin",
    projectId: project.id,
    body: { url: receiverUrl },
  });
  expect(created.status).toBe(201);
  const endpoint = (await created.json()) as { id: string; secret: string };
  expect(endpoint.secret).toMatch(/^whsec_/);
  return { project, user, totpSecret, endpoint };
}

/** The columns as stored, as text: what a database dump shows. */
async function rawRows(t: TestAuthApi, world: World) {
  const keys = await t.db
    .select({ id: signingKeys.id, text: sql<string>`${signingKeys.privateJwk}::text` })
    .from(signingKeys)
    .orderBy(signingKeys.id);
  const [user] = await t.db
    .select({ totp: users.totpSecretBase64 })
    .from(users)
    .where(eq(users.id, world.user.userId));
  const [endpoint] = await t.db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, world.endpoint.id));
  return { keys, totp: user?.totp ?? null, webhookSecret: endpoint?.secret ?? null };
}

/** Every stored secret is sealed under `keyId`, and none shows its plaintext. */
async function expectSealedUnder(t: TestAuthApi, world: World, keyId: string) {
  const raw = await rawRows(t, world);
  expect(raw.keys).toHaveLength(6);
  for (const key of raw.keys) {
    expect(key.text).toMatch(new RegExp(`^"enc:v1:${keyId}:`));
    expect(key.text).not.toContain('"d"');
  }
  expect(raw.totp).toMatch(new RegExp(`^enc:v1:${keyId}:`));
  expect(raw.totp).not.toContain(world.totpSecret);
  expect(raw.webhookSecret).toMatch(new RegExp(`^enc:v1:${keyId}:`));
  expect(raw.webhookSecret).not.toContain(world.endpoint.secret.slice("whsec_".length));
}

/** Tokens signed before verify, TOTP codes check, webhooks are signed with the same secret. */
async function expectEverythingWorks(t: TestAuthApi, world: World) {
  const client = {
    accessType: "client" as const,
    projectId: world.project.id,
    keys: world.project.keys,
  };
  const me = await t.request("/users/me", { ...client, accessToken: world.user.accessToken });
  expect(me.status).toBe(200);

  // A fresh TOTP step, so a code used by an earlier check does not count as reused.
  const step = totpPeriodSeconds * 1000;
  t.clock.set(new Date((Math.floor(t.clock().getTime() / step) + 1) * step));
  const first = await expectKnownError(
    await t.request("/auth/password/sign-in", {
      ...client,
      body: { email: world.user.email, password: world.user.password },
    }),
    "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
    400,
  );
  const signedIn = await t.request("/auth/mfa/sign-in", {
    ...client,
    body: {
      type: "totp",
      code: first.details?.attempt_code,
      totp: generateTotpCode(world.totpSecret, t.clock()),
    },
  });
  expect(signedIn.status).toBe(200);
  const { access_token: fresh } = (await signedIn.json()) as { access_token: string };
  expect((await t.request("/users/me", { ...client, accessToken: fresh })).status).toBe(200);

  const admin = {
    accessType: "admin" as const,
    projectId: world.project.id,
    keys: world.project.keys,
  };
  const secret = await t.request(`/webhooks/endpoints/${world.endpoint.id}/secret`, admin);
  expect(await secret.json()).toEqual({ key: world.endpoint.secret });
  received.length = 0;
  const sent = await t.request("/internal/send-test-webhook", {
    ...admin,
    body: { endpoint_id: world.endpoint.id },
  });
  expect(await sent.json()).toEqual({ success: true });
  const [request] = received;
  if (!request) throw new Error("the receiver got nothing");
  const payload = new Webhook(world.endpoint.secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  });
  expect(payload).toMatchObject({ type: "stack.test" });
}

it("stores signing keys, TOTP secrets and webhook secrets encrypted: the raw rows never hold them", async () => {
  const t = await start();
  const world = await populate(t);
  await expectSealedUnder(t, world, t.secrets.keyId);
  // Sealed, not lost: the stored private halves open to ES256 private keys.
  const stored = await t.db.select().from(signingKeys);
  for (const row of stored) {
    expect(openPrivateJwk(t.secrets, row.id, row.privateJwk)).toMatchObject({
      kty: "EC",
      kid: row.id,
      d: expect.any(String),
    });
  }
  await expectEverythingWorks(t, world);
});

it("encrypts what an older version stored in plain text at the next start, and everything still works", async () => {
  const t = await start();
  const world = await populate(t);
  // What the database held before encryption at rest: JWK objects and plain strings.
  for (const row of await t.db.select().from(signingKeys)) {
    await t.db
      .update(signingKeys)
      .set({ privateJwk: openPrivateJwk(t.secrets, row.id, row.privateJwk) })
      .where(eq(signingKeys.id, row.id));
  }
  await t.db
    .update(users)
    .set({ totpSecretBase64: world.totpSecret })
    .where(eq(users.id, world.user.userId));
  await t.db
    .update(webhookEndpoints)
    .set({ secret: world.endpoint.secret })
    .where(eq(webhookEndpoints.id, world.endpoint.id));
  const before = await rawRows(t, world);
  expect(before.keys.every((key) => key.text.includes('"d"'))).toBe(true);
  expect(before.totp).toBe(world.totpSecret);

  await t.api.close();
  const upgraded = await start({ connection: t.connection, clock: t.clock });
  await expectSealedUnder(upgraded, world, upgraded.secrets.keyId);
  // The same keys, encrypted: no new signing key was made.
  expect((await rawRows(upgraded, world)).keys.map((key) => key.id)).toEqual(
    before.keys.map((key) => key.id),
  );
  await expectEverythingWorks(upgraded, world);
});

it("rotates: with the old key in SECRETS_KEY_PREVIOUS a start re-encrypts everything with the new one", async () => {
  const t = await start();
  const world = await populate(t);
  await t.api.close();

  const rotated = await start({
    connection: t.connection,
    clock: t.clock,
    env: { SECRETS_KEY: otherKey, SECRETS_KEY_PREVIOUS: testSecretsKey },
  });
  expect(rotated.secrets.keyId).not.toBe(t.secrets.keyId);
  await expectSealedUnder(rotated, world, rotated.secrets.keyId);
  await expectEverythingWorks(rotated, world);

  // Once every value is under the new key, the old one is no longer needed.
  await rotated.api.close();
  const after = await start({
    connection: t.connection,
    clock: t.clock,
    env: { SECRETS_KEY: otherKey },
  });
  await expectEverythingWorks(after, world);
});

it("refuses to start with a key that opens nothing stored, with one line, and changes nothing", async () => {
  const t = await start();
  const world = await populate(t);
  await t.api.close();
  const before = await rawRows(t, world);

  const wrong = parseAuthConfig({ SECRETS_KEY: otherKey });
  const failure = await initAuthPlatform(t.db, wrong).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableSecretError);
  const message = (failure as Error).message;
  expect(message).not.toContain("\n");
  expect(message).toBe(
    `Stored secrets in auth.signing_keys were encrypted with a key this process does not have (key id ${t.secrets.keyId}; its SECRETS_KEY has key id ${createSecretBox({ current: otherKey }).keyId}). Set SECRETS_KEY to the key the other processes use (or the key that was in DATA_DIR/secrets.key), and put a former key in SECRETS_KEY_PREVIOUS while rotating.`,
  );
  // Nothing re-encrypted, and no signing key made in place of the unreadable ones.
  expect(await rawRows(t, world)).toEqual(before);

  // A value another process sealed with a key this one lacks is refused too, not used.
  await t.db
    .update(webhookEndpoints)
    .set({ secret: createSecretBox({ current: otherKey }).seal("whsec_x", "elsewhere") })
    .where(eq(webhookEndpoints.id, world.endpoint.id));
  await expect(initAuthPlatform(t.db, t.config)).rejects.toThrow(
    /^Stored secrets in auth\.webhook_endpoints were encrypted with a key this process does not have/,
  );
});
