/**
 * Issue 33, item 13: a project is read at its address (its slug), and its former addresses, its
 * id and other letter cases answer one permanent redirect to it, in every language; every link
 * the public pages write (cards, related projects, the sitemap, JSON-LD) is the address.
 */
import { createProject, seedDefaultContent, updateProject } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHomeData, loadProjectPage } from "../../lib/site-data.server";
import { loader as projectLoader } from "./project";
import { loader as sitemapLoader } from "./sitemap";

let connection: DatabaseConnection;
let projectId: string;
beforeAll(async () => {
  connection = await createTestDatabase();
  await seedDefaultContent(connection.db);
  const created = await createProject(connection.db, {
    title: "Šta čujemo",
    title_de: "Was wir hören",
    category: "culture",
    description: "Listening to the Balkans.",
  });
  projectId = created.id;
  await updateProject(connection.db, { id: projectId, slug: "what-we-hear" });
  await updateProject(connection.db, { id: projectId, slug: "sounds-of-the-balkans" });
});
afterAll(async () => {
  await connection.close();
});

const current = "sounds-of-the-balkans";

function loaderArgs(path: string) {
  const id = decodeURIComponent(path.split("?")[0]?.split("/project/")[1] ?? "");
  return {
    request: new Request(`http://127.0.0.1:3000${path}`),
    params: { id },
    context: { db: connection.db, publicUrl: "https://heritage.example", requestId: "test" },
  } as never;
}

/** The loader's answer to `path`: the redirect it throws, or its data. */
async function visit(path: string): Promise<Response> {
  try {
    const result = (await projectLoader(loaderArgs(path))) as unknown as {
      data: unknown;
      init: ResponseInit | null;
    };
    return new Response(JSON.stringify(result.data), { status: result.init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a project's address", () => {
  it.each([
    ["/project/sta-cujemo", `/project/${current}`],
    ["/project/what-we-hear", `/project/${current}`],
    ["/de/project/sta-cujemo", `/de/project/${current}`],
    ["/bs/project/what-we-hear?utm_source=mail", `/bs/project/${current}?utm_source=mail`],
    ["/project/Sounds-Of-The-Balkans", `/project/${current}`],
  ])("%s answers a permanent redirect to %s, in one hop", async (path, location) => {
    const answer = await visit(path);
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe(location);
    // Checked again on each visit: the address may become another project's own.
    expect(answer.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("its id (an old admin-made project's UUID address) leads to it too", async () => {
    const answer = await visit(`/de/project/${projectId}`);
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe(`/de/project/${current}`);
  });

  it("is where the project is read, with its JSON-LD naming that address", async () => {
    const answer = await visit(`/de/project/${current}`);
    expect(answer.status).toBe(200);
    const data = (await answer.json()) as {
      project: { title: string; slug: string };
      seo: { jsonLd: { url: string }[] };
    };
    expect(data.project).toMatchObject({ title: "Was wir hören", slug: current });
    expect(data.seo.jsonLd[0]?.url).toBe(`https://heritage.example/de/project/${current}`);
  });

  it("an address nobody has, and never had, is still not found", async () => {
    expect((await visit("/project/no-such-project")).status).toBe(404);
  });

  it("is what the home page's cards and the related projects link to", async () => {
    const home = await loadHomeData(connection.db, "en");
    expect(home.projects.find((project) => project.id === projectId)?.slug).toBe(current);
    const seeded = await loadProjectPage(connection.db, "balkan-stories", "en");
    expect(seeded.related.map((project) => project.slug)).toContain(current);
    for (const project of [...home.projects, ...seeded.related]) {
      expect(project.slug).not.toMatch(/^[0-9a-f]{8}-/);
    }
  });

  it("is what the sitemap lists, in every language, and never a former address", async () => {
    const response = (await sitemapLoader({
      request: new Request("http://127.0.0.1:3000/sitemap.xml"),
      context: { db: connection.db, publicUrl: "https://heritage.example" },
    } as never)) as Response;
    const xml = await response.text();
    for (const prefix of ["", "/de", "/bs"]) {
      expect(xml).toContain(`<loc>https://heritage.example${prefix}/project/${current}</loc>`);
    }
    expect(xml).not.toContain("sta-cujemo");
    expect(xml).not.toContain("what-we-hear");
    expect(xml).not.toContain(projectId);
    expect(xml).toContain("<loc>https://heritage.example/project/balkan-stories</loc>");
  });
});
