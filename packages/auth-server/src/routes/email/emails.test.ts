/**
 * E-mail administration (contract §3.4): templates and themes (built-ins, create, update with
 * rendering, delete, errors), render-email, send-email through the outbox's send queue and the
 * project's SMTP server (users, all users, variables, categories and preferences, errors that queue
 * nothing; drafts, scheduling, priority and retries are in send-email-queue.test.ts),
 * notification preferences, the test e-mail, and that client and server access stay out of the
 * admin endpoints.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtInTemplateIds, builtInThemeIds } from "../../services/email-designs/email-designs";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
  type TestUser,
} from "../../testing/test-auth-api";

let t: TestAuthApi;
let smtp: SMTPServer;
let smtpPort: number;
const delivered: Array<{ to: string[]; raw: string }> = [];
let projectId: string;
let sharedProjectId: string;
let alice: TestUser;
let bob: TestUser;

// The reference's category ids (clients and its e2e suite address the categories by them).
const transactionalId = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";
const marketingId = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Mail Project",
      config: {
        emails: {
          server: {
            isShared: false,
            host: "127.0.0.1",
            port: smtpPort,
            username: "",
            password: "",
            senderName: "Mail Project",
            senderEmail: "team@mail.example",
          },
        },
      },
    })
  ).id;
  sharedProjectId = (await t.createProject()).id;
  alice = await t.signUpUser(projectId, { email: "alice@example.com" });
  bob = await t.signUpUser(projectId, { email: "bob@example.com" });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});
beforeEach(() => {
  delivered.length = 0;
});
// send-email answers once the mail is queued; the worker (woken by the request) delivers it. Each
// test ends when the queue is empty, so no delivery spills into the next test's `delivered`.
afterEach(async () => {
  await queueDrained();
});

/** Waits (without running the worker by hand) until every queued message has been delivered. */
async function queueDrained(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await t.readOutbox()).some((row) => row.nextAttemptAt !== null)) {
    if (Date.now() > deadline) throw new Error("The send queue did not drain");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const admin = (project = projectId): TestRequestOptions => ({
  accessType: "admin",
  projectId: project,
});
const server = (project = projectId): TestRequestOptions => ({
  accessType: "server",
  projectId: project,
});
const client = (user: TestUser): TestRequestOptions => ({
  accessType: "client",
  projectId,
  accessToken: user.accessToken,
});

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect({ status: response.status, body }).toMatchObject({ status });
  return JSON.parse(body);
}

const customSource = [
  '<Subject value="News for {{ userDisplayName }} at {{ projectDisplayName }}" />',
  '<NotificationCategory value="Marketing" />',
  '<p>Hello {{ userDisplayName }}, your code is {{ code }}.</p><p><a href="{{ link }}">Open</a></p>',
].join("\n");

describe("email templates", () => {
  it("lists the built-in templates with their sources", async () => {
    const { templates } = await json(await t.request("/internal/email-templates", admin()));
    const ids = templates.map((template: { id: string }) => template.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(builtInTemplateIds)));
    const verification = templates.find(
      (template: { id: string }) => template.id === builtInTemplateIds.email_verification,
    );
    expect(verification.display_name).toBe("Email Verification");
    expect(verification.tsx_source).toContain("Verify your email at {{ projectDisplayName }}");
  });

  it("creates, updates (rendered with the theme), lists and deletes a template", async () => {
    const { id } = await json(
      await t.request("/internal/email-templates", {
        ...admin(),
        method: "POST",
        body: { display_name: "Newsletter" },
      }),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const updated = await json(
      await t.request(`/internal/email-templates/${id}`, {
        ...admin(),
        method: "PATCH",
        body: {
          tsx_source: customSource.replace("{{ code }}", "42"),
          theme_id: builtInThemeIds.dark,
        },
      }),
    );
    expect(updated.rendered_html).toContain("Hello John Doe, your code is 42.");
    expect(updated.rendered_html).toContain("background: #111111");
    // Default Dark under the reference's id; the id this server used before still renders it.
    expect(builtInThemeIds.dark).toBe("a0172b5d-cff0-463b-83bb-85124697373a");
    const formerDark = await json(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: {
          template_tsx_source: customSource,
          theme_id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ad",
        },
      }),
    );
    expect(formerDark.html).toContain("background: #111111");
    const { templates } = await json(await t.request("/internal/email-templates", admin()));
    expect(templates.find((template: { id: string }) => template.id === id)).toEqual({
      id,
      display_name: "Newsletter",
      tsx_source: customSource.replace("{{ code }}", "42"),
      theme_id: builtInThemeIds.dark,
    });
    expect(
      await json(
        await t.request(`/internal/email-templates/${id}`, { ...admin(), method: "DELETE" }),
      ),
    ).toEqual({});
    await expectTextError(
      await t.request(`/internal/email-templates/${id}`, { ...admin(), method: "DELETE" }),
      404,
      "No template found with given id",
    );
  });

  it("overrides a built-in template and restores it by deleting the override", async () => {
    const id = builtInTemplateIds.password_reset;
    const source = [
      '<Subject value="Reset at {{ projectDisplayName }}" />',
      '<NotificationCategory value="Transactional" />',
      '<p><a href="{{ passwordResetLink }}">Reset</a></p>',
    ].join("\n");
    const updated = await json(
      await t.request(`/internal/email-templates/${id}`, {
        ...admin(),
        method: "PATCH",
        body: { tsx_source: source, theme_id: null },
      }),
    );
    expect(updated.rendered_html).toBe('<p><a href="&lt;password reset link&gt;">Reset</a></p>');
    let { templates } = await json(await t.request("/internal/email-templates", admin()));
    expect(templates.filter((template: { id: string }) => template.id === id)).toEqual([
      { id, display_name: "Password Reset", tsx_source: source, theme_id: false },
    ]);
    await t.request(`/internal/email-templates/${id}`, { ...admin(), method: "DELETE" });
    ({ templates } = await json(await t.request("/internal/email-templates", admin())));
    const restored = templates.find((template: { id: string }) => template.id === id);
    expect(restored.tsx_source).toContain("Reset your password at");
  });

  it("refuses broken sources with EMAIL_RENDERING_ERROR and keeps the stored one", async () => {
    const id = builtInTemplateIds.magic_link;
    const cases: Array<[string, string]> = [
      ['<NotificationCategory value="Transactional" /><p>x</p>', "Subject is missing"],
      ['<Subject value="x" /><p>x</p>', "NotificationCategory is missing"],
      [
        '<Subject value="x" /><NotificationCategory value="Transactional" />{{ a-b }}',
        'Invalid placeholder "{{ a-b }}"',
      ],
    ];
    for (const [source, message] of cases) {
      const body = await expectKnownError(
        await t.request(`/internal/email-templates/${id}`, {
          ...admin(),
          method: "PATCH",
          body: { tsx_source: source },
        }),
        "EMAIL_RENDERING_ERROR",
        400,
      );
      expect(body.error).toContain(message);
    }
    const { templates } = await json(await t.request("/internal/email-templates", admin()));
    expect(templates.find((template: { id: string }) => template.id === id).tsx_source).toContain(
      "Your code is {{ otp }}",
    );
  });

  it("answers 404 for unknown templates and themes, SCHEMA_ERROR for bad bodies", async () => {
    await expectTextError(
      await t.request(`/internal/email-templates/${crypto.randomUUID()}`, {
        ...admin(),
        method: "PATCH",
        body: { tsx_source: customSource },
      }),
      404,
      "No template found with given id",
    );
    await expectTextError(
      await t.request(`/internal/email-templates/${builtInTemplateIds.magic_link}`, {
        ...admin(),
        method: "PATCH",
        body: { tsx_source: customSource, theme_id: crypto.randomUUID() },
      }),
      404,
      "No theme found with given id",
    );
    await expectKnownError(
      await t.request("/internal/email-templates", { ...admin(), method: "POST", body: {} }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request(`/internal/email-templates/${builtInTemplateIds.magic_link}`, {
        ...admin(),
        method: "PATCH",
        body: { theme_id: "not-a-uuid" },
      }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("needs a custom e-mail server to create templates", async () => {
    await expectKnownError(
      await t.request("/internal/email-templates", {
        ...admin(sharedProjectId),
        method: "POST",
        body: { display_name: "x" },
      }),
      "REQUIRES_CUSTOM_EMAIL_SERVER",
      400,
    );
  });
});

describe("email themes", () => {
  it("lists, creates, reads, updates and deletes themes", async () => {
    const list = await json(await t.request("/internal/email-themes", admin()));
    expect(list.themes).toEqual(
      expect.arrayContaining([
        { id: builtInThemeIds.light, display_name: "Default Light" },
        { id: builtInThemeIds.dark, display_name: "Default Dark" },
        { id: builtInThemeIds.colorful, display_name: "Default Colorful" },
      ]),
    );
    const { id } = await json(
      await t.request("/internal/email-themes", {
        ...admin(),
        method: "POST",
        body: { display_name: "Brand" },
      }),
    );
    const created = await json(await t.request(`/internal/email-themes/${id}`, admin()));
    expect(created).toMatchObject({ id, display_name: "Brand" });
    expect(created.tsx_source).toContain("{{ content }}");
    const source = "<div class=brand>{{ projectDisplayName }}: {{ content }}</div>";
    expect(
      await json(
        await t.request(`/internal/email-themes/${id}`, {
          ...admin(),
          method: "PATCH",
          body: { tsx_source: source },
        }),
      ),
    ).toEqual({ display_name: "Brand" });
    expect((await json(await t.request(`/internal/email-themes/${id}`, admin()))).tsx_source).toBe(
      source,
    );

    const preview = await json(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: { theme_id: id, template_id: builtInTemplateIds.team_invitation },
      }),
    );
    expect(preview).toMatchObject({
      subject: "You have been invited to join My Team",
      notification_category: "Transactional",
    });
    expect(preview.html).toMatch(/^<div class=brand>Mail Project: <h1/);

    await json(await t.request(`/internal/email-themes/${id}`, { ...admin(), method: "DELETE" }));
    await expectTextError(
      await t.request(`/internal/email-themes/${id}`, admin()),
      404,
      "No theme found with given id",
    );
  });

  it("refuses a theme without exactly one {{ content }}", async () => {
    for (const source of ["<div></div>", "{{ content }}{{ content }}", "{{ content }}{{ 1x }}"]) {
      await expectKnownError(
        await t.request(`/internal/email-themes/${builtInThemeIds.light}`, {
          ...admin(),
          method: "PATCH",
          body: { tsx_source: source },
        }),
        "EMAIL_RENDERING_ERROR",
        400,
      );
    }
    const light = await json(
      await t.request(`/internal/email-themes/${builtInThemeIds.light}`, admin()),
    );
    expect(light.tsx_source).toContain("#ffffff");
  });
});

describe("render-email", () => {
  it("renders sources with the sample variables and reports errors", async () => {
    const rendered = await json(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: {
          theme_tsx_source: "<main>{{ content }}</main>",
          template_tsx_source:
            '<Subject value="Hi {{ userDisplayName }}" /><NotificationCategory value="Marketing" /><b>{{ otp }}</b>',
        },
      }),
    );
    expect(rendered).toEqual({
      html: "<main><b>3SLSWZ</b></main>",
      subject: "Hi John Doe",
      notification_category: "Marketing",
    });
    // No theme named: the project's selected theme, as the reference.
    const selected = await t.request("/emails/render-email", {
      ...admin(),
      method: "POST",
      body: { template_id: builtInTemplateIds.magic_link },
    });
    expect(selected.status).toBe(200);
    // A body of none of the four shapes: each shape's problems, in the reference's words.
    const mixed = await expectKnownError(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: {
          theme_id: builtInThemeIds.light,
          template_id: builtInTemplateIds.magic_link,
          template_tsx_source: "x",
        },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(mixed.error).toBe(
      [
        "Request validation failed on POST /api/v1/emails/render-email:",
        "  - body is not matched by any of the provided schemas:",
        "    Schema 0:",
        "      body contains unknown properties: template_tsx_source",
        "    Schema 1:",
        "      body.theme_tsx_source must be defined",
        "      body contains unknown properties: theme_id, template_tsx_source",
        "    Schema 2:",
        "      body contains unknown properties: template_id",
        "    Schema 3:",
        "      body.theme_tsx_source must be defined",
        "      body contains unknown properties: theme_id, template_id",
      ].join("\n"),
    );
    const badTheme = await expectKnownError(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: { template_tsx_source: "x", theme_id: "not-a-theme" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(badTheme.error).toContain(
      "    Schema 2:\n      body.theme_id is invalid\n    Schema 3:",
    );
    await expectTextError(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: { theme_id: crypto.randomUUID(), template_id: builtInTemplateIds.magic_link },
      }),
      400,
      "No theme found with given id",
    );
    await expectTextError(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: { theme_id: builtInThemeIds.light, template_id: crypto.randomUUID() },
      }),
      400,
      "No template found with given id",
    );
    await expectKnownError(
      await t.request("/emails/render-email", {
        ...admin(),
        method: "POST",
        body: { theme_tsx_source: "{{ content }}", template_tsx_source: "<p>no subject</p>" },
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
  });
});

describe("send-email", () => {
  it("sends HTML to users over the project's SMTP server, recorded in the outbox", async () => {
    const response = await t.request("/emails/send-email", {
      ...server(),
      method: "POST",
      body: {
        user_ids: [alice.userId, bob.userId],
        html: '<p>Hi <a href="https://x.example/a">there</a></p>',
        subject: "Hello",
        theme_id: null,
      },
    });
    expect(await json(response)).toEqual({
      results: [{ user_id: alice.userId }, { user_id: bob.userId }],
    });
    await queueDrained();
    const [stored] = await t.readOutbox("alice@example.com");
    expect(stored).toMatchObject({
      subject: "Hello",
      html: '<p>Hi <a href="https://x.example/a">there</a></p>',
      from: '"Mail Project" <team@mail.example>',
      status: "sent",
      attemptCount: 1,
      error: null,
    });
    expect(stored?.text).toContain("there (https://x.example/a)");
    expect(delivered.map((mail) => mail.to)).toEqual([["alice@example.com"], ["bob@example.com"]]);
  });

  it("sends HTML without a subject with an empty one, as the reference", async () => {
    const response = await t.request("/emails/send-email", {
      ...server(),
      method: "POST",
      body: { user_ids: [alice.userId], html: "<p>No subject here</p>", theme_id: null },
    });
    expect(await json(response)).toEqual({ results: [{ user_id: alice.userId }] });
    await queueDrained();
    const stored = (await t.readOutbox("alice@example.com")).find((mail) =>
      mail.html.includes("No subject here"),
    );
    expect(stored).toMatchObject({ subject: "", status: "sent" });
  });

  it("renders a template per user with its variables (no theme)", async () => {
    const { id } = await json(
      await t.request("/internal/email-templates", {
        ...admin(),
        method: "POST",
        body: { display_name: "Codes" },
      }),
    );
    // Saving shows the template's own variables as placeholders in the preview.
    const saved = await json(
      await t.request(`/internal/email-templates/${id}`, {
        ...admin(),
        method: "PATCH",
        body: { tsx_source: customSource, theme_id: false },
      }),
    );
    expect(saved.rendered_html).toContain("your code is {{ code }}.");
    const sentBefore = (await t.readOutbox("alice@example.com")).length;
    // Sending without a variable the template uses fails before any message goes out.
    await expectKnownError(
      await t.request("/emails/send-email", {
        ...admin(),
        method: "POST",
        body: {
          user_ids: [alice.userId],
          template_id: id,
          variables: { link: "https://x.example" },
        },
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    expect(await t.readOutbox("alice@example.com")).toHaveLength(sentBefore);
    await t.request(`/users/${alice.userId}`, {
      ...server(),
      method: "PATCH",
      body: { display_name: "Alice <A>" },
    });
    const response = await t.request("/emails/send-email", {
      ...admin(),
      method: "POST",
      body: {
        user_ids: [alice.userId],
        template_id: id,
        variables: { code: 7, link: "https://x.example/m?c=1&d=2" },
      },
    });
    expect(await json(response)).toEqual({ results: [{ user_id: alice.userId }] });
    await queueDrained();
    const outbox = await t.readOutbox("alice@example.com");
    const last = outbox[outbox.length - 1];
    expect(last?.subject).toBe("News for Alice <A> at Mail Project");
    expect(last?.html).toContain("Hello Alice &lt;A&gt;, your code is 7.");
    expect(last?.html).toContain('href="https://x.example/m?c=1&amp;d=2"');
    expect(last?.text).toContain("https://x.example/m?c=1&d=2");
  });

  it("sends a built-in template by the reference's id (DEFAULT_TEMPLATE_IDS.sign_in_invitation)", async () => {
    // Stack's js suite: sendEmail({ templateId: DEFAULT_TEMPLATE_IDS.sign_in_invitation, ... }).
    const response = await t.request("/emails/send-email", {
      ...server(),
      method: "POST",
      body: {
        user_ids: [alice.userId],
        template_id: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
        variables: {
          teamDisplayName: "Test Team",
          signInInvitationLink: "https://example.com/invite",
        },
        subject: "Welcome!",
      },
    });
    expect(await json(response)).toEqual({ results: [{ user_id: alice.userId }] });
    await queueDrained();
    const outbox = await t.readOutbox("alice@example.com");
    const last = outbox[outbox.length - 1];
    expect({ subject: last?.subject, templateId: last?.templateId }).toEqual({
      subject: "Welcome!",
      templateId: builtInTemplateIds.sign_in_invitation,
    });
    expect(last?.text).toContain("https://example.com/invite");
  });

  it("queues for all users and skips those who turned the category off, saying why", async () => {
    await json(
      await t.request(`/emails/notification-preference/me/${marketingId}`, {
        ...client(bob),
        method: "PATCH",
        body: { enabled: false },
      }),
    );
    const marketing = await json(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: {
          all_users: true,
          html: "<p>Sale</p>",
          subject: "Sale",
          notification_category_name: "Marketing",
        },
      }),
    );
    // Everyone is queued; the worker skips Bob when it comes to send, as the reference.
    expect(marketing.results).toHaveLength(2);
    expect(marketing.results).toEqual(
      expect.arrayContaining([{ user_id: alice.userId }, { user_id: bob.userId }]),
    );
    await queueDrained();
    const sale = await json(await t.request("/emails/outbox?status=skipped", server()));
    expect(sale.items).toEqual([
      expect.objectContaining({
        to: { type: "user-primary-email", user_id: bob.userId },
        skipped_reason: "USER_UNSUBSCRIBED",
        subject: "Sale",
      }),
    ]);
    expect(delivered.filter((mail) => mail.raw.includes("Subject: Sale"))).toHaveLength(1);
    // Transactional mail cannot be turned off.
    await json(
      await t.request(`/emails/notification-preference/me/${transactionalId}`, {
        ...client(bob),
        method: "PATCH",
        body: { enabled: false },
      }),
    );
    const transactional = await json(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { all_users: true, html: "<p>Notice</p>", subject: "Notice" },
      }),
    );
    expect(transactional.results).toHaveLength(2);
    await queueDrained();
    expect(delivered.filter((mail) => mail.raw.includes("Subject: Notice"))).toHaveLength(2);
  });

  it("rejects bad requests and sends nothing", async () => {
    const before = (await t.readOutbox()).length;
    const bad: Array<[unknown, string]> = [
      [{ html: "<p>x</p>", subject: "x" }, "Exactly one of user_ids or all_users must be provided"],
      [
        { user_ids: [alice.userId], all_users: true, html: "x", subject: "x" },
        "Exactly one of user_ids or all_users must be provided",
      ],
      // No content, or two kinds: the body matches none of the three shapes (the reference's
      // text, which names unknown properties twice per shape as the reference does).
      [
        { user_ids: [alice.userId] },
        "  - body is not matched by any of the provided schemas:\n    Schema 0:\n      body.html must be defined\n    Schema 1:\n      body.template_id must be defined\n    Schema 2:\n      body.draft_id must be defined",
      ],
      [
        { user_ids: [alice.userId], html: "x", subject: "x", draft_id: crypto.randomUUID() },
        "    Schema 2:\n      body contains unknown properties: html\n      body contains unknown properties: html",
      ],
      [
        { user_ids: [alice.userId], template_id: "t", variables: ["a", 1] },
        '      body.variables must be a `object` type, but the final value was: `[\n        "\\"a\\"",\n        "1"\n      ]`.',
      ],
      [
        { user_ids: [alice.userId], html: "x", subject: "x", scheduled_at_millis: "tomorrow" },
        "body.scheduled_at_millis",
      ],
      [
        { user_ids: [alice.userId], html: "x", subject: "x", is_high_priority: "yes" },
        "body.is_high_priority",
      ],
      [{ user_ids: ["nope"], html: "x", subject: "x" }, "body.user_ids"],
    ];
    for (const [body, message] of bad) {
      const error = await expectKnownError(
        await t.request("/emails/send-email", { ...server(), method: "POST", body }),
        "SCHEMA_ERROR",
        400,
      );
      expect(error.error).toContain(message);
    }
    const missingUser = crypto.randomUUID();
    const notFound = await expectKnownError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { user_ids: [alice.userId, missingUser], html: "x", subject: "x" },
      }),
      "USER_ID_DOES_NOT_EXIST",
      400,
    );
    expect(notFound.details).toEqual({ user_id: missingUser });
    await expectTextError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { user_ids: [alice.userId], template_id: crypto.randomUUID() },
      }),
      400,
      "No template found with given template_id",
    );
    await expectKnownError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { user_ids: [alice.userId], template_id: builtInTemplateIds.magic_link },
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    await expectTextError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: {
          user_ids: [alice.userId],
          html: "x",
          subject: "x",
          notification_category_name: "Spam",
        },
      }),
      400,
      "Notification category not found with given name",
    );
    await expectKnownError(
      await t.request("/emails/send-email", {
        ...server(sharedProjectId),
        method: "POST",
        body: { all_users: true, html: "x", subject: "x" },
      }),
      "REQUIRES_CUSTOM_EMAIL_SERVER",
      400,
    );
    expect((await t.readOutbox()).length).toBe(before);
    expect(delivered).toEqual([]);
  });
});

describe("sent e-mails", () => {
  it("lists the project's outbox, newest first, for admins only", async () => {
    await queueDrained();
    const { items, is_paginated } = await json(await t.request("/internal/emails", admin()));
    expect(is_paginated).toBe(false);
    const outbox = await t.readOutbox();
    const ours = outbox.filter((row) => row.projectId === projectId);
    expect(items).toHaveLength(ours.length);
    const newest = ours[ours.length - 1];
    // The reference's fields, and no others, unless our status is asked for.
    expect(items[0]).toEqual({
      id: newest?.id,
      subject: newest?.subject,
      sent_at_millis: (newest?.sentAt ?? newest?.createdAt)?.getTime(),
      to: [newest?.to],
      error: null,
    });
    const withStatus = await json(await t.request("/internal/emails?include=status", admin()));
    expect(withStatus.items[0]).toEqual({ ...items[0], status: "sent" });
    await expectKnownError(
      await t.request("/internal/emails?include=everything", admin()),
      "SCHEMA_ERROR",
      400,
    );
    expect((await json(await t.request("/internal/emails", admin(sharedProjectId)))).items).toEqual(
      [],
    );
    await expectKnownError(
      await t.request("/internal/emails", server()),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });
});

describe("notification preferences", () => {
  it("lists defaults and stored choices; server access reaches any user", async () => {
    const carol = await t.signUpUser(projectId, { email: "carol@example.com" });
    const list = await json(await t.request("/emails/notification-preference/me", client(carol)));
    expect(list).toEqual({
      items: [
        {
          notification_category_id: transactionalId,
          notification_category_name: "Transactional",
          enabled: true,
          can_disable: false,
        },
        {
          notification_category_id: marketingId,
          notification_category_name: "Marketing",
          enabled: true,
          can_disable: true,
        },
      ],
      is_paginated: false,
    });
    const updated = await json(
      await t.request(`/emails/notification-preference/${carol.userId}/${marketingId}`, {
        ...server(),
        method: "PATCH",
        body: { enabled: false },
      }),
    );
    expect(updated).toEqual({
      notification_category_id: marketingId,
      notification_category_name: "Marketing",
      enabled: false,
      can_disable: true,
    });
    const after = await json(
      await t.request(`/emails/notification-preference/${carol.userId}`, server()),
    );
    expect(after.items[1].enabled).toBe(false);
  });

  it("keeps clients to their own preferences and checks ids", async () => {
    await expectTextError(
      await t.request(`/emails/notification-preference/${bob.userId}`, client(alice)),
      403,
      "You can only view your own notification preferences",
    );
    await expectTextError(
      await t.request(`/emails/notification-preference/${bob.userId}/${marketingId}`, {
        ...client(alice),
        method: "PATCH",
        body: { enabled: false },
      }),
      403,
      "You can only manage your own notification preferences",
    );
    await expectTextError(
      await t.request(`/emails/notification-preference/me/${crypto.randomUUID()}`, {
        ...client(alice),
        method: "PATCH",
        body: { enabled: false },
      }),
      404,
      "Notification category not found",
    );
    await expectKnownError(
      await t.request(`/emails/notification-preference/${crypto.randomUUID()}`, server()),
      "USER_ID_DOES_NOT_EXIST",
      400,
    );
    await expectKnownError(
      await t.request("/emails/notification-preference/me", server()),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    await expectKnownError(
      await t.request(`/emails/notification-preference/me/${marketingId}`, {
        ...client(alice),
        method: "PATCH",
        body: { enabled: "no" },
      }),
      "SCHEMA_ERROR",
      400,
    );
  });
});

describe("send-test-email", () => {
  const config = (port: number) => ({
    host: "127.0.0.1",
    port,
    username: "",
    password: "",
    sender_email: "admin@mail.example",
    sender_name: "Tester",
  });

  it("delivers over the given server, or reports why it could not", async () => {
    const ok = await json(
      await t.request("/internal/send-test-email", {
        ...admin(),
        method: "POST",
        body: { recipient_email: "owner@example.com", email_config: config(smtpPort) },
      }),
    );
    expect(ok).toEqual({ success: true });
    expect(delivered.map((mail) => mail.to)).toEqual([["owner@example.com"]]);
    expect(delivered[0]?.raw).toContain("Subject: Test Email");
    const failed = await json(
      await t.request("/internal/send-test-email", {
        ...admin(),
        method: "POST",
        body: { recipient_email: "owner@example.com", email_config: config(1) },
      }),
    );
    expect(failed.success).toBe(false);
    expect(failed.error_message).toMatch(/ECONNREFUSED|connect/i);
    await expectKnownError(
      await t.request("/internal/send-test-email", {
        ...admin(),
        method: "POST",
        body: { recipient_email: "not-an-email", email_config: config(smtpPort) },
      }),
      "SCHEMA_ERROR",
      400,
    );
  });
});

describe("access", () => {
  const adminOnly: Array<[string, string, unknown?]> = [
    ["GET", "/internal/email-templates"],
    ["POST", "/internal/email-templates", { display_name: "x" }],
    ["PATCH", `/internal/email-templates/${builtInTemplateIds.magic_link}`, { tsx_source: "x" }],
    ["DELETE", `/internal/email-templates/${builtInTemplateIds.magic_link}`],
    ["GET", "/internal/email-themes"],
    ["POST", "/internal/email-themes", { display_name: "x" }],
    ["GET", `/internal/email-themes/${builtInThemeIds.light}`],
    ["PATCH", `/internal/email-themes/${builtInThemeIds.light}`, { tsx_source: "{{ content }}" }],
    ["DELETE", `/internal/email-themes/${builtInThemeIds.light}`],
    [
      "POST",
      "/emails/render-email",
      { theme_id: builtInThemeIds.light, template_id: builtInTemplateIds.magic_link },
    ],
    ["POST", "/internal/send-test-email", { recipient_email: "a@b.example", email_config: {} }],
    ["GET", "/internal/emails"],
  ];

  it("keeps client and server access out of the admin endpoints", async () => {
    for (const [method, path, body] of adminOnly) {
      for (const options of [client(alice), server()]) {
        const response = await t.request(path, { ...options, method, body });
        await expectKnownError(response, "INSUFFICIENT_ACCESS_TYPE", 401);
      }
    }
    // Nothing changed: the built-in magic-link template is still there with its source.
    const { templates } = await json(await t.request("/internal/email-templates", admin()));
    expect(
      templates.find((template: { id: string }) => template.id === builtInTemplateIds.magic_link)
        .tsx_source,
    ).toContain("{{ otp }}");
  });

  it("keeps client access out of send-email", async () => {
    await expectKnownError(
      await t.request("/emails/send-email", {
        ...client(alice),
        method: "POST",
        body: { all_users: true, html: "x", subject: "x" },
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });
});
