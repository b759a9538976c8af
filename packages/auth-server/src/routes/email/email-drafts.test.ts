/**
 * `/internal/email-drafts` (the reference's shapes): create (default source, theme choices), list
 * newest change first, read, update only what is given, delete; 404s, bad bodies and unknown
 * themes leave drafts as they were; drafts stay in their project; client and server access are
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultDraftSource } from "../../services/email/email-drafts";
import { builtInThemeIds } from "../../services/email-designs/email-designs";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
  type TestUser,
} from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let otherProjectId: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ displayName: "Drafts" })).id;
  otherProjectId = (await t.createProject({ displayName: "Elsewhere" })).id;
  user = await t.signUpUser(projectId);
});
afterAll(async () => {
  await t.close();
});

const admin = (project = projectId): TestRequestOptions => ({
  accessType: "admin",
  projectId: project,
});

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect({ status: response.status, body }).toMatchObject({ status });
  return JSON.parse(body);
}

async function createDraft(body: Record<string, unknown>): Promise<string> {
  const { id } = await json(
    await t.request("/internal/email-drafts", { ...admin(), method: "POST", body }),
  );
  return id;
}

const draftPath = (id: string) => `/internal/email-drafts/${id}`;
const source =
  '<Subject value="Hi {{ userDisplayName }}" /><NotificationCategory value="Marketing" /><p>News</p>';

describe("email drafts", () => {
  it("creates, lists (last changed first), reads, updates and deletes drafts", async () => {
    const plain = await createDraft({ display_name: "Plain" });
    expect(await json(await t.request(draftPath(plain), admin()))).toEqual({
      id: plain,
      display_name: "Plain",
      tsx_source: defaultDraftSource,
      sent_at_millis: null,
    });
    t.clock.advance(1_000);
    const bare = await createDraft({ display_name: "Bare", theme_id: false, tsx_source: source });
    t.clock.advance(1_000);
    const dark = await createDraft({ display_name: "Dark", theme_id: builtInThemeIds.dark });
    const list = await json(await t.request("/internal/email-drafts", admin()));
    expect(list.drafts.map((draft: { id: string }) => draft.id)).toEqual([dark, bare, plain]);
    expect(list.drafts[0]).toMatchObject({ display_name: "Dark", theme_id: builtInThemeIds.dark });
    expect(list.drafts[1]).toEqual({
      id: bare,
      display_name: "Bare",
      tsx_source: source,
      theme_id: false,
      sent_at_millis: null,
    });

    // Only the given fields change: renaming keeps the theme (the SDK omits theme_id then).
    t.clock.advance(1_000);
    expect(
      await json(
        await t.request(draftPath(bare), {
          ...admin(),
          method: "PATCH",
          body: { display_name: "Bare news" },
        }),
      ),
    ).toEqual({ ok: "ok" });
    expect(await json(await t.request(draftPath(bare), admin()))).toMatchObject({
      display_name: "Bare news",
      theme_id: false,
      tsx_source: source,
    });
    // null: back to the project's selected theme (no theme_id in the answer).
    await json(
      await t.request(draftPath(bare), {
        ...admin(),
        method: "PATCH",
        body: { theme_id: null, tsx_source: "<p>changed</p>" },
      }),
    );
    const updated = await json(await t.request(draftPath(bare), admin()));
    expect(updated).not.toHaveProperty("theme_id");
    expect(updated.tsx_source).toBe("<p>changed</p>");
    const relisted = await json(await t.request("/internal/email-drafts", admin()));
    expect(relisted.drafts[0].id).toBe(bare);

    expect(await json(await t.request(draftPath(plain), { ...admin(), method: "DELETE" }))).toEqual(
      { ok: "ok" },
    );
    await expectTextError(
      await t.request(draftPath(plain), admin()),
      404,
      "No draft found with given id",
    );
    const remaining = await json(await t.request("/internal/email-drafts", admin()));
    expect(remaining.drafts.map((draft: { id: string }) => draft.id)).toEqual([bare, dark]);
  });

  it("answers 404 for unknown drafts and themes, SCHEMA_ERROR for bad bodies, changing nothing", async () => {
    const id = await createDraft({ display_name: "Kept", tsx_source: source });
    const before = await json(await t.request(draftPath(id), admin()));
    const unknown = crypto.randomUUID();
    for (const method of ["GET", "DELETE"]) {
      await expectTextError(
        await t.request(draftPath(unknown), { ...admin(), method }),
        404,
        "No draft found with given id",
      );
    }
    await expectTextError(
      await t.request(draftPath(unknown), {
        ...admin(),
        method: "PATCH",
        body: { display_name: "x" },
      }),
      404,
      "No draft found with given id",
    );
    await expectTextError(
      await t.request(draftPath(id), {
        ...admin(),
        method: "PATCH",
        body: { display_name: "Changed", theme_id: crypto.randomUUID() },
      }),
      404,
      "No theme found with given id",
    );
    const count = (await json(await t.request("/internal/email-drafts", admin()))).drafts.length;
    await expectTextError(
      await t.request("/internal/email-drafts", {
        ...admin(),
        method: "POST",
        body: { display_name: "Lost", theme_id: crypto.randomUUID() },
      }),
      404,
      "No theme found with given id",
    );
    const bad: Array<[string, string, unknown]> = [
      ["POST", "/internal/email-drafts", {}],
      ["POST", "/internal/email-drafts", { display_name: "x", theme_id: "dark" }],
      ["POST", "/internal/email-drafts", { display_name: "x", colour: "red" }],
      ["PATCH", draftPath(id), { tsx_source: 42 }],
      ["GET", draftPath("not-a-uuid"), undefined],
    ];
    for (const [method, path, body] of bad) {
      await expectKnownError(
        await t.request(path, { ...admin(), method, body }),
        "SCHEMA_ERROR",
        400,
      );
    }
    expect((await json(await t.request("/internal/email-drafts", admin()))).drafts).toHaveLength(
      count,
    );
    expect(await json(await t.request(draftPath(id), admin()))).toEqual(before);
  });

  it("keeps each project's drafts to itself", async () => {
    const id = await createDraft({ display_name: "Ours" });
    expect(
      (await json(await t.request("/internal/email-drafts", admin(otherProjectId)))).drafts,
    ).toEqual([]);
    await expectTextError(
      await t.request(draftPath(id), admin(otherProjectId)),
      404,
      "No draft found with given id",
    );
    await expectTextError(
      await t.request(draftPath(id), { ...admin(otherProjectId), method: "DELETE" }),
      404,
      "No draft found with given id",
    );
    expect((await json(await t.request(draftPath(id), admin()))).display_name).toBe("Ours");
  });

  it("keeps client and server access out", async () => {
    const id = await createDraft({ display_name: "Admin only", tsx_source: source });
    const before = await json(await t.request("/internal/email-drafts", admin()));
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/internal/email-drafts"],
      ["POST", "/internal/email-drafts", { display_name: "x" }],
      ["GET", draftPath(id)],
      ["PATCH", draftPath(id), { display_name: "x" }],
      ["DELETE", draftPath(id)],
    ];
    const others: TestRequestOptions[] = [
      { accessType: "server", projectId },
      { accessType: "client", projectId, accessToken: user.accessToken },
    ];
    for (const [method, path, body] of routes) {
      for (const options of others) {
        await expectKnownError(
          await t.request(path, { ...options, method, body }),
          "INSUFFICIENT_ACCESS_TYPE",
          401,
        );
      }
    }
    expect(await json(await t.request("/internal/email-drafts", admin()))).toEqual(before);
  });
});
