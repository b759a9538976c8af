/**
 * Translation status through the content API (issue 34, item 2): an English edit marks the
 * German and Bosnian texts outdated and `GET /functions/translation-status` lists them as what
 * needs translating; `POST /functions/mark-translation-checked` confirms one without an edit;
 * bad input is a 4xx that changes nothing; the trash keeps statuses consistent.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;

const project = {
  id: "translated-songs",
  title: "Old Songs",
  title_de: "Alte Lieder",
  title_bs: "Stare pjesme",
  category: "culture",
  description: "Songs",
};

beforeAll(async () => {
  context = await createSiteTestContext();
  api = mountContentApi(context);
  token = context.admin.accessToken;
}, 60_000);
afterAll(() => context.close());

type Entry = { table: string; id: string; label: string; language: string; status: string };

async function statusOf(table: string, id: string): Promise<Record<string, string>> {
  const answer = await api.call("GET", `/translation-status?table=${table}&id=${id}`, { token });
  expect(answer.status).toBe(200);
  return Object.fromEntries(
    (answer.data as Entry[]).map((entry) => [entry.language, entry.status]),
  );
}

async function needsTranslating(): Promise<Entry[]> {
  const answer = await api.call("GET", "/translation-status?status=outdated,missing", { token });
  expect(answer.status).toBe(200);
  return answer.data as Entry[];
}

function markChecked(body: unknown, headers: Record<string, string> = {}) {
  return api.call("POST", "/mark-translation-checked", { token, body, headers });
}

describe("what needs translating", () => {
  it("is for signed-in users only", async () => {
    await expect(api.call("GET", "/translation-status")).resolves.toMatchObject({ status: 401 });
    const outsider = await api.call("GET", "/translation-status", {
      token: context.outsider.accessToken,
    });
    expect(outsider.status).toBe(403);
    const check = await api.call("POST", "/mark-translation-checked", {
      body: { table: "projects", id: project.id, language: "de" },
    });
    expect(check.status).toBe(401);
  });

  it("lists German and Bosnian as outdated after an English edit", async () => {
    expect((await api.call("POST", "/api-projects", { token, body: project })).status).toBe(201);
    await expect(statusOf("projects", project.id)).resolves.toEqual({
      de: "up_to_date",
      bs: "up_to_date",
    });
    expect((await needsTranslating()).filter((entry) => entry.id === project.id)).toEqual([]);

    const saved = await api.call("PUT", "/api-projects", {
      token,
      body: { id: project.id, title: "Old Songs of the Drina" },
    });
    expect(saved.status).toBe(200);
    await expect(statusOf("projects", project.id)).resolves.toEqual({
      de: "outdated",
      bs: "outdated",
    });
    const listed = (await needsTranslating()).filter((entry) => entry.id === project.id);
    expect(listed).toEqual([
      expect.objectContaining({
        table: "projects",
        label: "Old Songs of the Drina",
        language: "de",
        status: "outdated",
        source_changed_at: expect.any(String),
        translated_at: expect.any(String),
      }),
      expect.objectContaining({ language: "bs", status: "outdated" }),
    ]);
  });

  it("lists a page section whose English changed, and one never translated as missing", async () => {
    await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "hero", content_de: { title: "Willkommen" } },
    });
    await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "hero", content: { title: "Welcome", subtitle: "Songs and stories" } },
    });
    await expect(statusOf("site_content", "hero")).resolves.toEqual({
      de: "outdated",
      bs: "missing",
    });
    const hero = (await needsTranslating()).filter((entry) => entry.id === "hero");
    expect(hero.map((entry) => `${entry.language}:${entry.status}`)).toEqual([
      "de:outdated",
      "bs:missing",
    ]);
    const german = await api.call("GET", "/translation-status?language=de&status=missing", {
      token,
    });
    expect((german.data as Entry[]).some((entry) => entry.id === "hero")).toBe(false);
  });
});

describe("mark as checked", () => {
  it("makes one language up to date without an edit, and logs who did it", async () => {
    const before = await api.call("GET", `/api-projects?id=${project.id}`);
    const checked = await markChecked(
      { table: "projects", id: project.id, language: "de" },
      { "if-match": before.headers.get("etag") ?? "" },
    );
    expect(checked.status).toBe(200);
    expect(checked.data).toMatchObject({
      table: "projects",
      id: project.id,
      language: "de",
      status: "up_to_date",
    });
    await expect(statusOf("projects", project.id)).resolves.toEqual({
      de: "up_to_date",
      bs: "outdated",
    });
    // The project itself is unchanged: same version.
    const after = await api.call("GET", `/api-projects?id=${project.id}`);
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    const audit = await api.call("GET", "/api-audit_log?action=translation.checked", { token });
    expect(audit.data).toEqual([
      expect.objectContaining({ target_type: "projects", target_id: project.id }),
    ]);
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    const refusals = [
      [{ table: "projects", id: project.id, language: "en" }, 400, "VALIDATION_FAILED"],
      [{ table: "languages", id: "de", language: "de" }, 400, "VALIDATION_FAILED"],
      [{ table: "projects", id: project.id }, 400, "VALIDATION_FAILED"],
      [{ table: "projects", id: project.id, language: "bs", extra: 1 }, 400, "VALIDATION_FAILED"],
      [{ table: "projects", id: "no-such-project", language: "bs" }, 404, "PGRST116"],
      [{ table: "site_content", id: "hero", language: "bs" }, 409, "TRANSLATION_MISSING"],
      [{ table: "site_content", id: "global-seo-settings", language: "de" }, 404, "PGRST116"],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await markChecked(body);
      expect({ body, status: answer.status, code: answer.error?.code }).toEqual({
        body,
        status,
        code,
      });
    }
    const stale = await markChecked(
      { table: "projects", id: project.id, language: "bs" },
      { "if-match": '"1"' },
    );
    expect(stale.status).toBe(412);
    expect(stale.error?.code).toBe("VERSION_CONFLICT");
    const malformed = await markChecked(
      { table: "projects", id: project.id, language: "bs" },
      { "if-match": "yesterday" },
    );
    expect(malformed.status).toBe(400);
    await expect(statusOf("projects", project.id)).resolves.toMatchObject({ bs: "outdated" });

    for (const query of ["status=stale", "table=languages", "language=en", "colour=red"]) {
      const answer = await api.call("GET", `/translation-status?${query}`, { token });
      expect({ query, status: answer.status, code: answer.error?.code }).toEqual({
        query,
        status: 400,
        code: "INVALID_QUERY",
      });
    }
  });
});

describe("the trash", () => {
  it("hides a deleted item's statuses, brings them back with it, and a purge removes them", async () => {
    const removed = await api.call("DELETE", `/api-projects?id=${project.id}`, { token });
    expect(removed.status).toBe(200);
    await expect(statusOf("projects", project.id)).resolves.toEqual({});

    const restored = await api.call("POST", "/restore-from-trash", {
      token,
      body: { table: "projects", id: project.id },
    });
    expect(restored.status).toBe(201);
    await expect(statusOf("projects", project.id)).resolves.toEqual({
      de: "up_to_date",
      bs: "outdated",
    });

    await api.call("DELETE", `/api-projects?id=${project.id}`, { token });
    const purged = await api.call("POST", "/purge-from-trash", {
      token,
      body: { table: "projects", id: project.id },
    });
    expect(purged.status).toBe(200);
    const left = await context.db.execute<{ n: number }>(
      sql`select count(*)::int as n from content.translation_status where row_id = ${project.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
