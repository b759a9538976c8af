import { readFileSync } from "node:fs";
import type { Database, DatabaseConnection } from "@heritage/db";
import { createTestDatabase, testEngine } from "@heritage/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTENT_CHANGED_CHANNEL } from "../content-changes/content-changes";
import { isUuid } from "../db/postgres-errors";
import { projectRedirects, projects, trash } from "../db/schema";
import { purgeFromTrash, restoreFromTrash, restoreRevision } from "../revisions/content-writes";
import { selectRows } from "../table-query";
import { projectWritesBy, refusal } from "../testing/project-writes";
import { findProjectByAddress } from "./projects-repository";

let connection: DatabaseConnection;
let db: Database;
beforeAll(async () => {
  connection = await createTestDatabase();
  db = connection.db;
});
afterAll(async () => {
  await connection.close();
});

const actor = { id: "admin-1", name: "Ann" };

/** Project writes as the content API makes them (with their revisions). */
const { create, update, remove } = projectWritesBy(() => db, actor);
async function redirectsOf(projectId: string) {
  const rows = await db
    .select({ slug: projectRedirects.slug })
    .from(projectRedirects)
    .where(eq(projectRedirects.project_id, projectId));
  return rows.map((row) => row.slug).sort();
}

describe("a new project's address", () => {
  it("is made from the English title, with a stable UUID id beside it", async () => {
    const project = await create({ title: "Šta čujemo", category: "culture" });
    expect(project?.slug).toBe("sta-cujemo");
    expect(isUuid(project?.id ?? "")).toBe(true);
  });

  it("is unique: -2, -3... when taken, also by a trashed project or a former address", async () => {
    const second = await create({ title: "Šta Čujemo?", category: "culture" });
    expect(second?.slug).toBe("sta-cujemo-2");
    const third = await create({ title: "Sta cujemo", category: "culture" });
    expect(third?.slug).toBe("sta-cujemo-3");
    await remove(third?.id ?? "");
    // Its address waits for it in the trash.
    const fourth = await create({ title: "Šta čujemo", category: "culture" });
    expect(fourth?.slug).toBe("sta-cujemo-4");
    await update({ id: fourth?.id ?? "", slug: "what-we-hear" });
    // sta-cujemo-4 still leads to what-we-hear: a new project does not take it.
    const fifth = await create({ title: "Šta čujemo", category: "culture" });
    expect(fifth?.slug).toBe("sta-cujemo-5");
  });

  it('is never reserved or empty: "project" for a title without letters', async () => {
    expect((await create({ title: "!!!", category: "culture" }))?.slug).toBe("project");
    expect((await create({ title: "???", category: "culture" }))?.slug).toBe("project-2");
    expect((await create({ title: "New", category: "culture" }))?.slug).toBe("new-2");
  });

  it("keeps to 100 characters with its number", async () => {
    const title = "Wanderung ".repeat(15);
    const first = await create({ title, category: "culture" });
    const second = await create({ title, category: "culture" });
    expect(first?.slug.length).toBeLessThanOrEqual(100);
    expect(second?.slug.length).toBeLessThanOrEqual(100);
    expect(second?.slug).toMatch(/-2$/);
  });

  it("is the id sent, as the spec's clients expect (/project/{id})", async () => {
    const project = await create({ id: "kilim-weaving", title: "Kilims", category: "culture" });
    expect(project).toMatchObject({ id: "kilim-weaving", slug: "kilim-weaving" });
  });

  it("is the one sent, unless another project or a trashed one has it", async () => {
    const chosen = await create({ title: "Mostar", slug: "stari-most", category: "culture" });
    expect(chosen?.slug).toBe("stari-most");
    const taken = await refusal(
      create({ title: "Other", slug: "stari-most", category: "culture" }),
    );
    expect(taken).toMatchObject({ code: "SLUG_TAKEN", status: 409 });
    expect(taken.message).toBe(
      'The address /project/stari-most is already used by the project "Mostar". Please choose another.',
    );
    expect(taken.details?.fields).toEqual([{ field: "slug", message: taken.message }]);
    const trashed = await create({ title: "Gone", slug: "gone-for-now", category: "culture" });
    await remove(trashed?.id ?? "");
    const inTrash = await refusal(
      create({ title: "Other", slug: "gone-for-now", category: "culture" }),
    );
    expect(inTrash.code).toBe("SLUG_TAKEN");
    expect(inTrash.message).toContain('"Gone" in the trash');
  });

  it.runIf(testEngine() === "postgres")(
    "is different for two projects saved at the same moment with the same title",
    async () => {
      const saved = await Promise.all(
        Array.from({ length: 4 }, () => create({ title: "Same moment", category: "culture" })),
      );
      expect(new Set(saved.map((project) => project?.slug)).size).toBe(4);
    },
  );
});

describe("changing an address", () => {
  it("redirects every former address to the current one in one hop, and back again", async () => {
    const project = await create({ title: "Sevdah", category: "culture" });
    const id = project?.id ?? "";
    await update({ id, slug: "sevdalinka" });
    await update({ id, slug: "sevdah-songs" });
    for (const former of ["sevdah", "sevdalinka", id]) {
      const found = await findProjectByAddress(db, former);
      expect(found?.at, former).toBe("moved");
      expect(found?.project.slug).toBe("sevdah-songs");
    }
    expect((await findProjectByAddress(db, "sevdah-songs"))?.at).toBe("current");
    expect(await redirectsOf(id)).toEqual(["sevdah", "sevdalinka"]);
    // Back to the first: it is the project's own again, no longer a redirect.
    await update({ id, slug: "sevdah" });
    expect((await findProjectByAddress(db, "sevdah"))?.at).toBe("current");
    expect(await redirectsOf(id)).toEqual(["sevdah-songs", "sevdalinka"]);
  });

  it("never lets a former address shadow a project that takes it", async () => {
    const first = await create({ title: "Ilidža", category: "culture" });
    await update({ id: first?.id ?? "", slug: "ilidza-springs" });
    const second = await create({ title: "Spa", slug: "ilidza", category: "culture" });
    const found = await findProjectByAddress(db, "ilidza");
    expect(found).toMatchObject({ at: "current", project: { id: second?.id } });
    expect(await redirectsOf(first?.id ?? "")).toEqual([]);
  });

  it("is announced like any project write, so every page cache empties", async () => {
    const project = await create({ title: "Konjic", category: "culture" });
    const heard: string[] = [];
    const unlisten = await connection.listen(CONTENT_CHANGED_CHANNEL, (table) => heard.push(table));
    try {
      await update({ id: project?.id ?? "", slug: "konjic-bridge" });
      await vi.waitFor(() => expect(heard).toContain("projects"));
    } finally {
      await unlisten();
    }
  });

  it("refuses an address someone else has, and changes nothing", async () => {
    const project = await create({ title: "Tuzla", category: "culture" });
    await create({ title: "Salt", slug: "salt-lakes", category: "culture" });
    const error = await refusal(update({ id: project?.id ?? "", slug: "salt-lakes" }));
    expect(error.code).toBe("SLUG_TAKEN");
    const [row] = await db
      .select()
      .from(projects)
      .where(eq(projects.id, project?.id ?? ""));
    expect(row?.slug).toBe("tuzla");
    expect(row?.version).toBe(1);
  });

  it("makes it from the title again when the address is emptied; an unchanged one stays", async () => {
    const project = await create({ title: "Una", slug: "una-river", category: "culture" });
    const id = project?.id ?? "";
    const same = await update({ id, slug: "una-river", description: "Green water" });
    expect(same?.slug).toBe("una-river");
    expect(await redirectsOf(id)).toEqual([]);
    const renamed = await update({ id, slug: "", title: "Una National Park" });
    expect(renamed?.slug).toBe("una-national-park");
    expect(await redirectsOf(id)).toEqual(["una-river"]);
  });

  it("answers an address in other letter case with the project's own", async () => {
    const project = await create({ title: "Jajce Falls", category: "culture" });
    expect(await findProjectByAddress(db, "Jajce-Falls")).toMatchObject({
      at: "moved",
      project: { id: project?.id },
    });
    expect(await findProjectByAddress(db, "no-such-address")).toBeNull();
  });
});

describe("history and the trash", () => {
  it("a trashed project keeps its former addresses and gets them back; a purge frees them", async () => {
    const project = await create({ title: "Bihać", category: "culture" });
    const id = project?.id ?? "";
    await update({ id, slug: "bihac-una" });
    await remove(id);
    expect(await findProjectByAddress(db, "bihac")).toBeNull();
    const restored = await restoreFromTrash(db, { table: "projects", id, actor });
    expect(restored?.slug).toBe("bihac-una");
    expect((await findProjectByAddress(db, "bihac"))?.project.slug).toBe("bihac-una");
    await remove(id);
    await purgeFromTrash(db, { table: "projects", id, actor });
    expect(await redirectsOf(id)).toEqual([]);
    expect((await create({ title: "Bihać", category: "culture" }))?.slug).toBe("bihac");
  });

  it("restoring a version takes its address back only when nobody else has it now", async () => {
    const project = await create({ title: "Počitelj", category: "culture" });
    const id = project?.id ?? "";
    await update({ id, slug: "pocitelj-fortress" });
    const [first] = await selectRows(db, "revisions", {
      filters: [
        { column: "row_id", operator: "eq", value: id },
        { column: "operation", operator: "eq", value: "create" },
      ],
    });
    // Restoring the first version moves the address back; the other redirects to it.
    const back = await restoreRevision(db, { revisionId: String(first?.id), actor });
    expect(back?.row.slug).toBe("pocitelj");
    expect((await findProjectByAddress(db, "pocitelj-fortress"))?.project.id).toBe(id);
    // Someone else takes "pocitelj" once it is a former address again: a restore leaves it to them.
    await update({ id, slug: "pocitelj-fortress" });
    const other = await create({ title: "Other", slug: "pocitelj", category: "culture" });
    const kept = await restoreRevision(db, { revisionId: String(first?.id), actor });
    expect(kept?.row.slug).toBe("pocitelj-fortress");
    expect((await findProjectByAddress(db, "pocitelj"))?.project.id).toBe(other?.id);
  });

  it("a project back from the trash whose address was taken meanwhile gets a free one", async () => {
    const project = await create({ title: "Neum", category: "culture" });
    const id = project?.id ?? "";
    await remove(id);
    // Written behind the content API's back (an operator's SQL): nothing refused it.
    await db.insert(projects).values({ slug: "neum", title: "Squatter", category: "culture" });
    const restored = await restoreFromTrash(db, { table: "projects", id, actor });
    expect(restored?.slug).toBe("neum-2");
  });

  it("a project trashed before addresses were kept comes back at its id", async () => {
    await db.insert(trash).values({
      table_name: "projects",
      row_id: "old-project",
      data: { id: "old-project", title: "Old", category: "culture", version: 3 },
    });
    const restored = await restoreFromTrash(db, {
      table: "projects",
      id: "old-project",
      actor,
    });
    expect(restored?.slug).toBe("old-project");
  });
});

describe("migration 0007", () => {
  it("gives every existing project its id as address, without a new version", async () => {
    const scratch = await createTestDatabase();
    try {
      const { db: old } = scratch;
      // Back to the schema before 0007, with projects in it.
      for (const statement of [
        "drop trigger project_redirects_changed on content.project_redirects",
        "drop trigger trash_project_addresses on content.trash",
        "drop trigger projects_addresses on content.projects",
        "drop function content.forget_purged_project_addresses()",
        "drop function content.keep_project_addresses()",
        "drop table content.project_redirects",
        "alter table content.projects drop column slug",
        `insert into content.projects (id, title, category, version)
           values ('balkan-stories', 'Balkan Stories', 'culture', 1),
                  ('8d4f0a52-3c1e-4d7a-9f55-0b8e3c2d1a7f', 'Made in the admin', 'culture', 4)`,
      ]) {
        await old.execute(sql.raw(statement));
      }
      // Applied as migrate() applies it: statement by statement.
      const migration = readFileSync(
        new URL("../../drizzle/0007_project-addresses.sql", import.meta.url),
        "utf8",
      );
      for (const statement of migration.split("--> statement-breakpoint")) {
        await old.execute(sql.raw(statement));
      }
      const rows = await old
        .select({ id: projects.id, slug: projects.slug, version: projects.version })
        .from(projects)
        .orderBy(projects.id);
      expect(rows).toEqual([
        {
          id: "8d4f0a52-3c1e-4d7a-9f55-0b8e3c2d1a7f",
          slug: "8d4f0a52-3c1e-4d7a-9f55-0b8e3c2d1a7f",
          version: 4,
        },
        { id: "balkan-stories", slug: "balkan-stories", version: 1 },
      ]);
      // Later updates still raise the version.
      await old.execute(
        sql`update content.projects set title = 'Stories' where id = 'balkan-stories'`,
      );
      const [updated] = await old
        .select({ version: projects.version })
        .from(projects)
        .where(eq(projects.id, "balkan-stories"));
      expect(updated?.version).toBe(2);
    } finally {
      await scratch.close();
    }
  });
});
