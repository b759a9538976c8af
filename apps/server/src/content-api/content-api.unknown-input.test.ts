/**
 * Issue 19, defect 8: the content API's edges. A table it does not have answers its JSON 404,
 * another verb its JSON 405, and a write carrying a field the table does not have is a 400
 * naming that field, with nothing written.
 */
import { fallbackProjects, seedDefaultContent, selectRows } from "@heritage/content";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFunctionsApi } from "../functions/functions-api";
import { createDiskMediaStorage } from "../media/media-storage";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { createContentApi } from "./content-api";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context);
  token = context.admin.accessToken;
});
afterAll(async () => {
  await context.close();
});

describe("paths the content API does not have", () => {
  it.each(["GET", "POST", "DELETE"])("%s on an unknown table is a JSON 404", async (method) => {
    const answer = await api.call(method, "/api-users", {
      token,
      body: method === "POST" ? {} : undefined,
    });
    expect(answer.status).toBe(404);
    expect(answer.data).toBeNull();
    expect(answer.error).toMatchObject({ code: "UNKNOWN_TABLE" });
    expect(answer.error?.message).toContain('"users"');
    expect(answer.error?.message).toContain("projects");
  });

  it("answers JSON under /functions however the content API and the functions are mounted", async () => {
    // As the app mounts them: content API, then functions, then the site's HTML pages.
    const app = new Hono();
    app.route(
      "/functions",
      createContentApi({
        db: context.db,
        verifyAdmin: context.verifyAdmin,
        logger: context.logger,
      }),
    );
    app.route(
      "/functions",
      createFunctionsApi({
        db: context.db,
        logger: context.logger,
        verifyAdmin: context.verifyAdmin,
        mailer: null,
        emailFrom: "no-reply@example.org",
        mediaStorage: createDiskMediaStorage({ root: "/nonexistent-media-root" }),
      }),
    );
    app.all("*", (c) => c.html("<h1>Oops! Page not found</h1>", 404));
    for (const [method, path, status, code] of [
      ["GET", "/functions/api-users", 404, "UNKNOWN_TABLE"],
      ["GET", "/functions/no-such-function", 404, "NOT_FOUND"],
      ["GET", "/functions", 404, "NOT_FOUND"],
      ["GET", "/functions/upload-image", 405, "METHOD_NOT_ALLOWED"],
      ["PUT", "/functions/send-contact-email", 405, "METHOD_NOT_ALLOWED"],
    ] as const) {
      const response = await app.request(path, { method });
      expect([path, response.status]).toEqual([path, status]);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toMatchObject({ data: null, error: { code } });
    }
  });

  it("answers another verb on a known table with a JSON 405", async () => {
    const answer = await api.call("PATCH", "/api-projects", { token, body: { id: "x" } });
    expect(answer.status).toBe(405);
    expect(answer.error).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
  });
});

describe("fields a table does not have", () => {
  it("refuses a new project with a misspelt field, naming it, and stores nothing", async () => {
    const before = await selectRows(context.db, "projects", { filters: [] });
    const answer = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Stari most", category: "culture", titel: "typo", colour: "red" },
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toBeNull();
    expect(answer.error?.code).toBe("VALIDATION_FAILED");
    expect(answer.error?.details?.fields?.map((issue) => issue.field)).toEqual(["titel", "colour"]);
    expect(answer.error?.message).toContain("titel: Unknown field for a write to projects");
    expect(await selectRows(context.db, "projects", { filters: [] })).toHaveLength(before.length);
  });

  it("refuses an update with an unknown field and leaves the row as it was", async () => {
    const project = fallbackProjects[0];
    if (!project) throw new Error("no built-in project");
    const answer = await api.call("PUT", "/api-projects", {
      token,
      body: { id: project.id, title: "Changed", seo_titel_de: "Tippfehler" },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.details?.fields).toEqual([
      { field: "seo_titel_de", message: "Unknown field for a write to projects" },
    ]);
    const [stored] = await selectRows(context.db, "projects", {
      filters: [{ column: "id", operator: "eq", value: project.id }],
    });
    expect(stored?.title).toBe(project.title);
  });

  it("names an unknown field inside a section's content", async () => {
    const answer = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "hero", content_de: { title: "Neu", untertitel: "Tippfehler" } },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.details?.fields?.map((issue) => issue.field)).toEqual([
      "content_de.untertitel",
    ]);
    const [hero] = await selectRows(context.db, "site_content", {
      filters: [{ column: "id", operator: "eq", value: "hero" }],
    });
    expect(JSON.stringify(hero?.content_de ?? null)).not.toContain("Neu");
  });

  it("still takes the columns the server sets and the contact form's protection fields", async () => {
    const faq = await api.call("POST", "/api-faqs", {
      token,
      body: { question: "Why?", answer: "Because.", created_at: "2020-01-01T00:00:00Z" },
    });
    expect(faq.status).toBe(201);
    const update = await api.call("PUT", "/api-faqs", {
      token,
      body: { id: faq.data.id, answer: "Because!", updated_at: "2020-01-01T00:00:00Z" },
    });
    expect(update.status).toBe(200);
    const message = await api.call("POST", "/api-contact_submissions", {
      body: {
        name: "Amra",
        email: "amra@example.org",
        subject: "Hello",
        message: "A message long enough",
        website: "",
      },
    });
    expect(message.status).toBe(201);
    const refused = await api.call("POST", "/api-contact_submissions", {
      body: {
        name: "Amra",
        email: "amra@example.org",
        subject: "Hello",
        message: "A message long enough",
        phone: "123",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.details?.fields?.map((issue) => issue.field)).toEqual(["phone"]);
  });
});
