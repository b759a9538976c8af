/**
 * Metadata size (issue 14, defect 7): every metadata field of users and teams takes at most
 * MAX_METADATA_BYTES of JSON; a larger one is a SCHEMA_ERROR naming the field, and nothing is
 * stored.
 * @see issue 14
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teams, users } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";
import { MAX_METADATA_BYTES } from "./metadata-field";

let t: TestAuthApi;
let projectId: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { teams: { allowClientTeamCreation: true } } })).id;
  user = await t.signUpUser(projectId);
});
afterAll(() => t.close());

/** A JSON object whose text is exactly `bytes` long (multi-byte characters count as UTF-8). */
function metadataOfBytes(bytes: number): { note: string } {
  // `{"note":"…"}` is 11 bytes around the text; "é" is 2 bytes in UTF-8.
  const text = `${"é".repeat(Math.floor((bytes - 11) / 2))}${"x".repeat((bytes - 11) % 2)}`;
  const value = { note: text };
  expect(Buffer.byteLength(JSON.stringify(value))).toBe(bytes);
  return value;
}

const asClient = () => ({
  accessType: "client" as const,
  projectId,
  accessToken: user.accessToken,
});
const asServer = () => ({ accessType: "server" as const, projectId });

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function expectTooLarge(response: Response, field: string) {
  const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
  expect(body.error).toContain(`body.${field} must be at most ${MAX_METADATA_BYTES} bytes as JSON`);
}

describe("metadata size", () => {
  it("stores a user's metadata field of exactly the limit", async () => {
    const value = metadataOfBytes(MAX_METADATA_BYTES);
    const response = await t.request("/users/me", {
      ...asClient(),
      method: "PATCH",
      body: { client_metadata: value },
    });
    expect(response.status).toBe(200);
    expect((await storedUser(user.userId))?.clientMetadata).toEqual(value);
  });

  it("refuses a larger client_metadata on /users/me and keeps the stored one", async () => {
    const before = await storedUser(user.userId);
    const response = await t.request("/users/me", {
      ...asClient(),
      method: "PATCH",
      body: { display_name: "Changed", client_metadata: metadataOfBytes(MAX_METADATA_BYTES + 1) },
    });
    await expectTooLarge(response, "client_metadata");
    expect(await storedUser(user.userId)).toEqual(before);
  });

  it.each(["client_metadata", "client_read_only_metadata", "server_metadata"])(
    "refuses an oversize %s when a server creates or updates a user",
    async (field) => {
      const [{ value: usersBefore } = { value: 0 }] = await t.db
        .select({ value: count() })
        .from(users);
      const created = await t.request("/users", {
        ...asServer(),
        method: "POST",
        body: { display_name: "Big", [field]: metadataOfBytes(MAX_METADATA_BYTES + 1) },
      });
      await expectTooLarge(created, field);
      const [{ value: usersAfter } = { value: 0 }] = await t.db
        .select({ value: count() })
        .from(users);
      expect(usersAfter).toBe(usersBefore);

      const before = await storedUser(user.userId);
      const updated = await t.request(`/users/${user.userId}`, {
        ...asServer(),
        method: "PATCH",
        body: { [field]: { many: Array.from({ length: 20_000 }, (_, index) => index) } },
      });
      await expectTooLarge(updated, field);
      expect(await storedUser(user.userId)).toEqual(before);
    },
  );

  it.each(["client_metadata", "client_read_only_metadata", "server_metadata"])(
    "refuses an oversize %s on a team, created or updated",
    async (field) => {
      const oversize = metadataOfBytes(MAX_METADATA_BYTES + 1);
      const teamsBefore = await t.db.select().from(teams);
      const created = await t.request("/teams", {
        ...asServer(),
        method: "POST",
        body: { display_name: "Big team", [field]: oversize },
      });
      await expectTooLarge(created, field);
      expect(await t.db.select().from(teams)).toEqual(teamsBefore);

      const team = await t.request("/teams", {
        ...asServer(),
        method: "POST",
        body: { display_name: "Small team", [field]: { fits: true } },
      });
      expect(team.status).toBe(201);
      const { id } = (await team.json()) as { id: string };
      const [stored] = await t.db.select().from(teams).where(eq(teams.id, id));
      const updated = await t.request(`/teams/${id}`, {
        ...asServer(),
        method: "PATCH",
        body: { [field]: oversize },
      });
      await expectTooLarge(updated, field);
      expect((await t.db.select().from(teams).where(eq(teams.id, id)))[0]).toEqual(stored);
    },
  );

  it("refuses an oversize client_metadata from a client creating a team", async () => {
    const response = await t.request("/teams", {
      ...asClient(),
      method: "POST",
      body: { display_name: "Client team", client_metadata: metadataOfBytes(200_000) },
    });
    await expectTooLarge(response, "client_metadata");
  });
});
