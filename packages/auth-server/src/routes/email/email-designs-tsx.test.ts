/**
 * Templates and themes written in TSX (React Email), as the reference stores them: previews through
 * render-email (a theme, or none with theme_id false), edits checked by rendering them first (a
 * broken source is EMAIL_RENDERING_ERROR and the stored one stays), JSON variables through the
 * template's variablesSchema when sending, and template changes only with the project's own SMTP
 * server. A project whose render queue is full gets a plain 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
let sharedProjectId: string;
let ann: TestUser;

const theme = `
import { Html, Body, Container } from "@react-email/components";
export function EmailTheme({ children, unsubscribeLink }) {
  return <Html><Body><Container>{children}</Container>{unsubscribeLink ? <a href={unsubscribeLink}>Unsubscribe</a> : null}</Body></Html>;
}
EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com/unsubscribe" };`;

const template = `
import { type } from "arktype";
import { Subject, NotificationCategory } from "@stackframe/emails";
export const variablesSchema = type({ team: { name: "string" }, items: "string[]" });
export function EmailTemplate({ user, project, variables }) {
  return <>
    <Subject value={"News for " + variables.team.name} />
    <NotificationCategory value="Transactional" />
    <p>Hello {user.displayName} from {project.displayName}: {variables.items.join(" and ")}</p>
  </>;
}
EmailTemplate.PreviewVariables = { team: { name: "Preview Team" }, items: ["one"] };`;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "TSX Co",
      config: { emails: { server: smtp.projectServer("TSX Co", "team@tsx.example") } },
    })
  ).id;
  sharedProjectId = (await t.createProject({ displayName: "Shared Co" })).id;
  ann = await t.signUpUser(projectId, { email: "ann@example.com" });
  await t.request(`/users/${ann.userId}`, {
    accessType: "server",
    projectId,
    method: "PATCH",
    body: { display_name: "Ann" },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect({ status: response.status, body }).toMatchObject({ status });
  return JSON.parse(body);
}

function renderEmail(body: Record<string, unknown>, project = projectId) {
  return t.request("/emails/render-email", {
    accessType: "admin",
    projectId: project,
    method: "POST",
    body,
  });
}

describe("render-email with TSX", () => {
  it("renders the template's preview variables in the theme, with its preview props", async () => {
    const rendered = await json(
      await renderEmail({ template_tsx_source: template, theme_tsx_source: theme }),
    );
    expect(rendered.subject).toBe("News for Preview Team");
    expect(rendered.notification_category).toBe("Transactional");
    expect(rendered.html).toMatch(/^<!DOCTYPE html PUBLIC/);
    expect(rendered.html).toContain("Hello <!-- -->John Doe<!-- --> from <!-- -->TSX Co");
    expect(rendered.html).toContain('<a href="https://example.com/unsubscribe">Unsubscribe</a>');
  }, 60_000);

  it("renders without a theme for theme_id false", async () => {
    const rendered = await json(
      await renderEmail({ template_tsx_source: template, theme_id: false }),
    );
    expect(rendered.html).toContain('<html dir="ltr" lang="en"><head></head><body><!--$--><table');
    expect(rendered.html).not.toContain("Unsubscribe");
  }, 60_000);

  it("answers EMAIL_RENDERING_ERROR with the template's error or the build's message", async () => {
    const thrown = await expectKnownError(
      await renderEmail({
        template_tsx_source: 'export function EmailTemplate() { throw new Error("No luck"); }',
        theme_tsx_source: theme,
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    expect(thrown.details).toEqual({ error: "No luck" });
    const unresolved = await expectKnownError(
      await renderEmail({
        template_tsx_source:
          'import { readFileSync } from "node:fs"; export function EmailTemplate() { return <p>{readFileSync("/etc/passwd", "utf8")}</p>; }',
        theme_tsx_source: theme,
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    expect(unresolved.details?.error).toContain('ERROR: Could not resolve "node:fs"');
  }, 60_000);
});

describe("template and theme edits with TSX", () => {
  it("saves a TSX theme, refuses a broken one and keeps the stored source", async () => {
    const { id } = await json(
      await t.request("/internal/email-themes", {
        accessType: "admin",
        projectId,
        method: "POST",
        body: { display_name: "Mine" },
      }),
    );
    const patch = (source: string) =>
      t.request(`/internal/email-themes/${id}`, {
        accessType: "admin",
        projectId,
        method: "PATCH",
        body: { tsx_source: source },
      });
    expect(await json(await patch(theme))).toEqual({ display_name: "Mine" });
    const broken = await expectKnownError(
      await patch(
        "export function EmailTheme({ children }) {\n  return <div>{children}</span>;\n}",
      ),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    expect(broken.details?.error).toMatch(/^Build failed with 1 error:\nvirtual:\/theme\.tsx:2:/);
    const stored = await json(
      await t.request(`/internal/email-themes/${id}`, { accessType: "admin", projectId }),
    );
    expect(stored.tsx_source).toBe(theme);
  }, 60_000);

  it("needs the project's own SMTP server to change or delete a template", async () => {
    // Password Reset, by the id Stack's suite uses ('should not allow updating email templates…').
    const builtIn = "a70fb3a4-56c1-4e42-af25-49d25603abd0";
    await expectKnownError(
      await t.request(`/internal/email-templates/${builtIn}`, {
        accessType: "admin",
        projectId: sharedProjectId,
        method: "PATCH",
        body: { tsx_source: template },
      }),
      "REQUIRES_CUSTOM_EMAIL_SERVER",
      400,
    );
    await expectKnownError(
      await t.request(`/internal/email-templates/${builtIn}`, {
        accessType: "admin",
        projectId: sharedProjectId,
        method: "DELETE",
      }),
      "REQUIRES_CUSTOM_EMAIL_SERVER",
      400,
    );
  });
});

describe("send-email with a TSX template", () => {
  async function sendTemplate(source: string, variables: Record<string, unknown>) {
    const { id } = await json(
      await t.request("/internal/email-templates", {
        accessType: "admin",
        projectId,
        method: "POST",
        body: { display_name: "TSX" },
      }),
    );
    await json(
      await t.request(`/internal/email-templates/${id}`, {
        accessType: "admin",
        projectId,
        method: "PATCH",
        body: { tsx_source: source, theme_id: false },
      }),
    );
    return t.request("/emails/send-email", {
      accessType: "admin",
      projectId,
      method: "POST",
      body: { user_ids: [ann.userId], template_id: id, variables },
    });
  }

  /** The message to the address with that subject, once the worker has rendered and sent it. */
  async function sentMail(address: string, subject: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await t.readOutbox(address);
      const mail = rows.find((row) => row.subject === subject && row.nextAttemptAt === null);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error("The message was not sent");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("passes JSON variables through the template's variablesSchema", async () => {
    await expectKnownError(
      await sendTemplate(template, { team: { name: 7 }, items: [] }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    const response = await sendTemplate(template, { team: { name: "Red" }, items: ["a", "b"] });
    expect(await json(response)).toEqual({ results: [{ user_id: ann.userId }] });
    const mail = await sentMail("ann@example.com", "News for Red");
    expect(mail.html).toContain(
      "Hello <!-- -->Ann<!-- --> from <!-- -->TSX Co<!-- -->: <!-- -->a and b",
    );
    expect(mail.isTransactional).toBe(true);
  }, 60_000);

  it("sends a template without <NotificationCategory /> with no category", async () => {
    const plain =
      'import { Subject } from "@stackframe/emails";\nexport function EmailTemplate() { return <><Subject value="Plain" /><p>Plain body</p></>; }';
    expect((await sendTemplate(plain, {})).status).toBe(200);
    const mail = await sentMail("ann@example.com", "Plain");
    expect({ category: mail.notificationCategoryId, transactional: mail.isTransactional }).toEqual({
      category: null,
      transactional: false,
    });
  }, 60_000);
});

describe("a project whose render queue is full", () => {
  let busy: TestAuthApi;
  beforeAll(async () => {
    // Nothing may wait: while one render of the project runs, the next is refused.
    busy = await createTestAuthApi({ emailRendering: { waitingPerProject: 0, timeoutMs: 2_000 } });
  }, 60_000);
  afterAll(() => busy.close());

  it("answers a plain 429 with Retry-After, and renders again once its render is done", async () => {
    const { id } = await busy.createProject({ displayName: "Busy Co" });
    const running = busy.api.emailRenderer.render({
      projectId: id,
      templateSource: "export function EmailTemplate() { for (;;) {} }",
      themeSource: theme,
      user: { displayName: null },
      project: { displayName: "Busy Co" },
    });
    while (busy.api.emailRenderer.load(id).running === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const request = () =>
      busy.request("/emails/render-email", {
        accessType: "admin",
        projectId: id,
        method: "POST",
        body: { template_tsx_source: template, theme_tsx_source: theme },
      });
    const refused = await request();
    expect({
      status: refused.status,
      retryAfter: refused.headers.get("retry-after"),
      knownError: refused.headers.get("x-stack-known-error"),
      body: await refused.text(),
    }).toEqual({
      status: 429,
      retryAfter: "10",
      knownError: null,
      body: "Too many of this project's e-mails are waiting to be rendered. Please try again later.",
    });
    // Another project renders meanwhile.
    const other = await busy.createProject({ displayName: "Other Co" });
    const rendered = await busy.request("/emails/render-email", {
      accessType: "admin",
      projectId: other.id,
      method: "POST",
      body: { template_tsx_source: template, theme_tsx_source: theme },
    });
    expect(rendered.status).toBe(200);
    expect(await running).toEqual({ ok: false, error: "Rendering took longer than 2000 ms" });
    expect((await request()).status).toBe(200);
  }, 60_000);
});
