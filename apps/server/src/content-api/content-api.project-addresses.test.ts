/**
 * Issue 33, item 13, through the content API: a project created without an id gets a readable
 * address from its English title (not a UUID), an address may be chosen or changed, and one that
 * another project has is refused with 409 naming the field, nothing written; every change is
 * announced like any project write, so the page cache turns over.
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

beforeAll(async () => {
  context = await createSiteTestContext();
  api = mountContentApi(context);
  token = context.admin.accessToken;
}, 60_000);
afterAll(() => context.close());

async function projectCount(): Promise<number> {
  const result = await context.db.execute<{ n: number }>(
    sql`select count(*)::int as n from content.projects`,
  );
  return result.rows[0]?.n ?? 0;
}

describe("project addresses in the content API", () => {
  it("gives a project created without an id an address made from its English title", async () => {
    const first = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Šta čujemo", title_de: "Was wir hören", category: "culture" },
    });
    expect(first.status).toBe(201);
    expect(first.data.slug).toBe("sta-cujemo");
    expect(first.data.id).not.toBe("sta-cujemo");
    const second = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Šta čujemo", category: "culture", slug: "" },
    });
    expect(second.data.slug).toBe("sta-cujemo-2");
    const found = await api.call("GET", "/api-projects?slug=sta-cujemo-2", { token });
    expect(found.data).toMatchObject([{ id: second.data.id }]);
  });

  it("keeps the id sent as the address, as the spec's clients expect", async () => {
    const created = await api.call("POST", "/api-projects", {
      token,
      body: { id: "old-bridge", title: "The Old Bridge", category: "culture" },
    });
    expect(created.data).toMatchObject({ id: "old-bridge", slug: "old-bridge" });
  });

  it("refuses an address another project has with 409 naming the field, and writes nothing", async () => {
    const before = await projectCount();
    const taken = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Another", category: "culture", slug: "old-bridge" },
    });
    expect(taken.status).toBe(409);
    expect(taken.error).toEqual({
      code: "SLUG_TAKEN",
      message:
        'The address /project/old-bridge is already used by the project "The Old Bridge". Please choose another.',
      details: {
        fields: [
          {
            field: "slug",
            message:
              'The address /project/old-bridge is already used by the project "The Old Bridge". Please choose another.',
          },
        ],
      },
    });
    expect(await projectCount()).toBe(before);
  });

  it("refuses an address against the rule with 400 naming the field", async () => {
    for (const slug of ["Old Bridge", "new", "-x", "a".repeat(101)]) {
      const refused = await api.call("POST", "/api-projects", {
        token,
        body: { title: "Another", category: "culture", slug },
      });
      expect(refused.status, slug).toBe(400);
      expect(refused.error?.code).toBe("VALIDATION_FAILED");
      expect(refused.error?.details?.fields?.[0]?.field).toBe("slug");
    }
  });

  it("moves an address on an update, announced as a project write; a taken one is 409", async () => {
    const created = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Sevdah", category: "culture" },
    });
    const id = created.data.id as string;
    api.changes.length = 0;
    const moved = await api.call("PUT", "/api-projects", {
      token,
      body: { id, slug: "sevdah-songs" },
      headers: { "if-match": '"1"' },
    });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ id, slug: "sevdah-songs", version: 2 });
    expect(api.changes).toEqual([{ table: "projects", operation: "update", id }]);
    const refused = await api.call("PUT", "/api-projects", {
      token,
      body: { id, slug: "old-bridge" },
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.details?.fields?.[0]?.field).toBe("slug");
    const [row] = (
      await context.db.execute<{ slug: string; version: number }>(
        sql`select slug, version from content.projects where id = ${id}`,
      )
    ).rows;
    expect(row).toEqual({ slug: "sevdah-songs", version: 2 });
    const revisions = await api.call("GET", `/api-revisions?row_id=${id}&order=version.desc`, {
      token,
    });
    expect(revisions.data[0].changed_fields).toEqual(["slug"]);
  });
});
