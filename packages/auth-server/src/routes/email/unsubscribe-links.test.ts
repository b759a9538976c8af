/**
 * Unsubscribe links: mail of a category users can turn off carries a one-time link under the
 * server's public origin; opening it (a plain browser request) turns the category off for that
 * user, once; mail users cannot turn off carries none; bad codes get the reference's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
let bea: TestUser;
const marketingId = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "News Co",
      config: { emails: { server: smtp.projectServer("News Co", "news@news.example") } },
    })
  ).id;
  bea = await t.signUpUser(projectId, { email: "bea@example.com" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function send(subject: string, category: string) {
  const response = await t.request("/emails/send-email", {
    accessType: "server",
    projectId,
    method: "POST",
    body: {
      user_ids: [bea.userId],
      html: "<p>Our news</p>",
      subject,
      notification_category_name: category,
    },
  });
  expect(response.status).toBe(200);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await t.readOutbox("bea@example.com")).find(
      (row) => row.subject === subject && row.nextAttemptAt === null,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error("not sent");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const open = (url: string) => {
  const parsed = new URL(url);
  return t.app.request(`${parsed.pathname}${parsed.search}`);
};

async function marketingEnabled(): Promise<boolean> {
  const response = await t.request(`/emails/notification-preference/${bea.userId}`, {
    accessType: "server",
    projectId,
  });
  const { items } = (await response.json()) as {
    items: Array<{ notification_category_id: string; enabled: boolean }>;
  };
  return items.find((item) => item.notification_category_id === marketingId)?.enabled ?? false;
}

describe("unsubscribe links", () => {
  it("are in marketing mail and turn the category off once opened", async () => {
    const mail = await send("Weekly news", "Marketing");
    const link = /href="([^"]+)">Click here<\/a> to unsubscribe/.exec(mail.html)?.[1];
    expect(link).toMatch(
      new RegExp(`^${t.baseUrl}/api/v1/emails/unsubscribe-link\\?code=[a-z0-9]{45}$`),
    );
    expect(mail.text).toContain(link ?? "-");
    expect(await marketingEnabled()).toBe(true);

    const first = await open(link ?? "");
    expect({ status: first.status, body: await first.text() }).toEqual({
      status: 200,
      body: "<p>Successfully unsubscribed from notification group</p>",
    });
    expect(first.headers.get("content-type")).toBe("text/html");
    expect(await marketingEnabled()).toBe(false);
    const again = await open(link ?? "");
    expect(await again.text()).toBe(
      "<p>You have already unsubscribed from this notification group</p>",
    );
  });

  it("are not in mail users cannot turn off", async () => {
    const mail = await send("Your receipt", "Transactional");
    expect(mail.html).not.toContain("unsubscribe");
  });

  it("answer a malformed code with 400 and an unknown one with VERIFICATION_CODE_NOT_FOUND (404)", async () => {
    await expectTextError(
      await t.app.request("/api/v1/emails/unsubscribe-link?code=short"),
      400,
      "Invalid code",
    );
    await expectTextError(
      await t.app.request("/api/v1/emails/unsubscribe-link"),
      400,
      "Invalid code",
    );
    await expectKnownError(
      await t.app.request(`/api/v1/emails/unsubscribe-link?code=${"a".repeat(45)}`),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });
});
