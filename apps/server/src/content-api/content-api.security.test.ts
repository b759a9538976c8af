import {
  listContactSubmissions,
  listFaqs,
  listProjects,
  seedDefaultContent,
} from "@heritage/content";
import { findExecutableMarkup, xssPayloads } from "@heritage/content/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { adminGuardMessages } from "./admin-guard";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context);
});
afterAll(async () => {
  await context.close();
});

const writes = [
  ["POST", "/api-projects", { title: "X", category: "culture" }],
  ["PUT", "/api-projects", { id: "balkan-stories", title: "Hacked" }],
  ["DELETE", "/api-projects?id=balkan-stories", undefined],
  ["POST", "/api-categories", { id: "x", name: "X" }],
  ["PUT", "/api-categories", { id: "culture", name: "Hacked" }],
  ["DELETE", "/api-categories?id=culture", undefined],
  ["POST", "/api-faqs", { question: "Q?", answer: "A" }],
  ["PUT", "/api-faqs", { id: "faq-mission", answer: "Hacked" }],
  ["DELETE", "/api-faqs?id=faq-mission", undefined],
  ["POST", "/api-languages", { id: "fr", name: "Français" }],
  ["PUT", "/api-languages", { id: "en", name: "Hacked" }],
  ["DELETE", "/api-languages?id=en", undefined],
  ["POST", "/api-site_content", { id: "hero", content: { title: "Hacked" } }],
  ["PUT", "/api-site_content", { id: "hero", content: { title: "Hacked" } }],
  ["DELETE", "/api-site_content?id=hero", undefined],
  ["PUT", "/api-contact_submissions", { id: crypto.randomUUID(), status: "read" }],
  ["DELETE", `/api-contact_submissions?id=${crypto.randomUUID()}`, undefined],
] as const;

const adminReads = ["/api-contact_submissions", "/api-media", "/api-email_outbox"];

async function snapshot() {
  const rows = await Promise.all([
    api.call("GET", "/api-projects"),
    api.call("GET", "/api-categories"),
    api.call("GET", "/api-faqs"),
    api.call("GET", "/api-languages"),
    api.call("GET", "/api-site_content"),
  ]);
  return JSON.stringify(rows.map((response) => response.data));
}

describe("anonymous callers", () => {
  it("read public tables without a token", async () => {
    for (const table of ["projects", "categories", "faqs", "languages", "site_content"]) {
      expect((await api.call("GET", `/api-${table}`)).status).toBe(200);
    }
  });

  it.each(writes)("are refused %s %s with 401 and nothing changes", async (method, path, body) => {
    const before = await snapshot();
    const response = await api.call(method, path, body === undefined ? {} : { body });
    expect(response.status).toBe(401);
    expect(response.error).toEqual({
      code: "UNAUTHENTICATED",
      message: adminGuardMessages.missing,
    });
    expect(await snapshot()).toBe(before);
  });

  it.each(adminReads)("cannot read %s", async (path) => {
    const response = await api.call("GET", path);
    expect(response.status).toBe(401);
    expect(response.data).toBeNull();
  });

  it("may only insert contact submissions, always with status new", async () => {
    const message = {
      name: "Ana",
      email: "ana@example.org",
      subject: "Hi",
      message: "Hello there, friends.",
    };
    // A status or id of the caller's choosing is refused by name (issue 19, defect 8).
    const refused = await api.call("POST", "/api-contact_submissions", {
      body: { ...message, status: "replied", id: "00000000-0000-0000-0000-000000000001" },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.details?.fields?.map((issue) => issue.field)).toEqual(["status", "id"]);
    const response = await api.call("POST", "/api-contact_submissions", { body: message });
    expect(response.status).toBe(201);
    expect(response.data.status).toBe("new");
  });
});

describe("signed-in callers", () => {
  it("an admin of the site's project may write, by Bearer token", async () => {
    const response = await api.call("PUT", "/api-faqs", {
      token: context.admin.accessToken,
      body: { id: "faq-mission", answer_bs: "Novi odgovor" },
    });
    expect(response.status).toBe(200);
  });

  it("accepts the x-stack-auth header of the Stack SDK's getAuthHeaders()", async () => {
    const response = await api.call("PUT", "/api-faqs", {
      headers: {
        "x-stack-auth": JSON.stringify({
          accessToken: context.admin.accessToken,
          refreshToken: context.admin.refreshToken,
        }),
      },
      body: { id: "faq-mission", answer_de: "Neue Antwort" },
    });
    expect(response.status).toBe(200);
    expect(response.data.answer_de).toBe("Neue Antwort");
  });

  it("accepts the SDK's getAuthorizationHeader() form, Bearer stackauth_<base64>", async () => {
    const encoded = Buffer.from(
      JSON.stringify({ accessToken: context.admin.accessToken, refreshToken: null }),
    ).toString("base64");
    const response = await api.call("GET", "/api-contact_submissions", {
      headers: { authorization: `Bearer stackauth_${encoded}` },
    });
    expect(response.status).toBe(200);
  });

  it("refuses a user of another project with 403 and changes nothing", async () => {
    const before = await snapshot();
    for (const [method, path, body] of writes) {
      const response = await api.call(method, path, {
        token: context.outsider.accessToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBe(403);
      expect(response.error).toEqual({
        code: "FORBIDDEN",
        message: adminGuardMessages.wrongProject,
      });
    }
    expect(
      (await api.call("GET", "/api-media", { token: context.outsider.accessToken })).status,
    ).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it("refuses malformed credentials with 401 and says why", async () => {
    const garbage = await api.call("DELETE", "/api-faqs?id=faq-mission", { token: "not-a-jwt" });
    expect(garbage.status).toBe(401);
    expect(garbage.error?.message).toBe(adminGuardMessages.invalid);

    const [header, payload] = context.admin.accessToken.split(".");
    const forged = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      token: `${header}.${payload}.${"A".repeat(86)}`,
    });
    expect(forged.status).toBe(401);
    expect(forged.error?.message).toBe(adminGuardMessages.invalid);

    const basic = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(basic.error?.message).toBe(adminGuardMessages.malformedAuthorization);

    const stackAuth = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      headers: { "x-stack-auth": "{not json" },
    });
    expect(stackAuth.status).toBe(401);
    expect(stackAuth.error?.message).toBe(adminGuardMessages.malformedStackAuth);

    const signedOut = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      headers: { "x-stack-auth": JSON.stringify({ accessToken: null, refreshToken: null }) },
    });
    expect(signedOut.error?.message).toBe(adminGuardMessages.missing);
    expect((await listFaqs(context.db)).map((faq) => faq.id)).toContain("faq-mission");
  });

  it("refuses an anonymous user of the site's project with 403", async () => {
    const request = (path: string, body: unknown) =>
      context.auth.request(path, { accessType: "server", projectId: context.siteProjectId, body });
    const user = (await (await request("/users", { is_anonymous: true })).json()) as { id: string };
    const session = (await (await request("/auth/sessions", { user_id: user.id })).json()) as {
      access_token: string;
    };
    const response = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      token: session.access_token,
    });
    expect(response.status).toBe(403);
    expect(response.error?.message).toBe(adminGuardMessages.anonymous);
    expect((await listFaqs(context.db)).map((faq) => faq.id)).toContain("faq-mission");
  });

  it("refuses the token of an admin who signed out, with 401, and changes nothing", async () => {
    const admin = await context.auth.signUpUser(context.siteProjectId);
    const before = await listProjects(context.db);
    const signOut = await context.auth.request("/auth/sessions/current", {
      method: "DELETE",
      accessType: "client",
      projectId: context.siteProjectId,
      accessToken: admin.accessToken,
    });
    expect(signOut.status).toBe(200);
    const response = await api.call("PUT", "/api-projects", {
      token: admin.accessToken,
      body: { id: "balkan-stories", title: "Signed out" },
    });
    expect(response.status).toBe(401);
    expect(response.error).toEqual({
      code: "UNAUTHENTICATED",
      message: adminGuardMessages.sessionEnded,
    });
    expect(await listProjects(context.db)).toEqual(before);
  });

  it("refuses the token of a removed admin, with 401, and changes nothing", async () => {
    const admin = await context.auth.signUpUser(context.siteProjectId);
    const removed = await context.auth.request(`/users/${admin.userId}`, {
      method: "DELETE",
      accessType: "server",
      projectId: context.siteProjectId,
    });
    expect(removed.status).toBe(200);
    const response = await api.call("DELETE", "/api-faqs?id=faq-mission", {
      token: admin.accessToken,
    });
    expect(response.status).toBe(401);
    expect(response.error?.message).toBe(adminGuardMessages.sessionEnded);
    expect((await listFaqs(context.db)).map((faq) => faq.id)).toContain("faq-mission");
  });

  it("refuses an expired token with 401 and changes nothing", async () => {
    const before = await listProjects(context.db);
    context.auth.clock.advance(2 * 24 * 60 * 60 * 1000);
    const response = await api.call("PUT", "/api-projects", {
      token: context.admin.accessToken,
      body: { id: "balkan-stories", title: "Too late" },
    });
    expect(response.status).toBe(401);
    expect(response.error).toEqual({
      code: "UNAUTHENTICATED",
      message: adminGuardMessages.expired,
    });
    expect(await listProjects(context.db)).toEqual(before);
  });
});

describe("sanitisation of rich HTML on write", () => {
  it.each(xssPayloads)("keeps %s from reaching a page", async (payload) => {
    // A fresh admin token: the clock moved past the first one's expiry above.
    const admin = await context.auth.signUpUser(context.siteProjectId);
    const token = admin.accessToken;
    const about = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "about", content: { title: "About", introText: `<p>Intro</p>${payload}` } },
    });
    expect(about.status).toBe(200);
    expect(findExecutableMarkup(about.data.content.introText)).toEqual([]);

    for (const id of ["impressum", "datenschutz"]) {
      const legal = await api.call("PUT", "/api-site_content", {
        token,
        body: { id, content_bs: { title: "T", content: `<h2>T</h2>${payload}` } },
      });
      expect(findExecutableMarkup(legal.data.content_bs.content)).toEqual([]);
    }

    const project = await api.call("PUT", "/api-projects", {
      token,
      body: { id: "balkan-beats", details: `<p>Details</p>${payload}`, details_de: payload },
    });
    expect(findExecutableMarkup(project.data.details)).toEqual([]);
    expect(findExecutableMarkup(project.data.details_de)).toEqual([]);
    const stored = await api.call("GET", "/api-site_content?id=about");
    expect(findExecutableMarkup(stored.data.content.introText)).toEqual([]);
  });
});

describe("contact submissions stay private", () => {
  it("never lists submissions to anonymous callers", async () => {
    expect((await listContactSubmissions(context.db)).length).toBeGreaterThan(0);
    const response = await api.call("GET", "/api-contact_submissions?status=new");
    expect(response.status).toBe(401);
    expect(response.data).toBeNull();
  });
});
