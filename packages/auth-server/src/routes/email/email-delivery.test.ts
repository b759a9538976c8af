/**
 * `GET /emails/delivery-info` and `POST /emails/capacity-boost`: sent mail per window, the
 * capacity by the reference's formula (baseline from STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR, four
 * times the month's hourly average added, times 4 while boosted), one boost at a time, server
 * access only; and the queue worker keeping a project to its hourly capacity.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
} from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

const baselinePerHour = 4;
let t: TestAuthApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi({
    env: { STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR: String(baselinePerHour) },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body);
}

async function newProject(name: string): Promise<TestRequestOptions> {
  const { id } = await t.createProject({
    displayName: name,
    config: { emails: { server: smtp.projectServer(name, "capacity@mail.example") } },
  });
  return { accessType: "server", projectId: id };
}

const zero = { sent: 0, bounced: 0, marked_as_spam: 0 };

describe("delivery info and the capacity boost", () => {
  it("shows zero stats and the baseline rate for a new project", async () => {
    const server = await newProject("Fresh");
    expect(await json(await t.request("/emails/delivery-info", server))).toEqual({
      stats: { hour: zero, day: zero, week: zero, month: zero },
      capacity: {
        rate_per_second: baselinePerHour / 3600,
        boost_multiplier: 1,
        penalty_factor: 1,
        is_boost_active: false,
        boost_expires_at: null,
      },
    });
    await expectKnownError(
      await t.request("/emails/delivery-info", { ...server, accessType: "client" }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });

  it("boosts fourfold for 4 hours, one boost at a time", async () => {
    const server = await newProject("Boosted");
    const started = await json(
      await t.request("/emails/capacity-boost", { ...server, method: "POST", body: {} }),
    );
    const expiresAt = new Date(t.clock().getTime() + 4 * 3_600_000).toISOString();
    expect(started).toEqual({ expires_at: expiresAt });
    const info = await json(await t.request("/emails/delivery-info", server));
    expect(info.capacity).toEqual({
      rate_per_second: (baselinePerHour / 3600) * 4,
      boost_multiplier: 4,
      penalty_factor: 1,
      is_boost_active: true,
      boost_expires_at: expiresAt,
    });
    const again = await expectKnownError(
      await t.request("/emails/capacity-boost", { ...server, method: "POST", body: {} }),
      "EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE",
      409,
    );
    expect(again.details).toEqual({ expires_at: expiresAt });
    await expectKnownError(
      await t.request("/emails/capacity-boost", { ...server, method: "POST", body: { x: 1 } }),
      "SCHEMA_ERROR",
      400,
    );
    t.clock.advance(4 * 3_600_000);
    expect(
      (await json(await t.request("/emails/delivery-info", server))).capacity.is_boost_active,
    ).toBe(false);
    await json(await t.request("/emails/capacity-boost", { ...server, method: "POST", body: {} }));
  });
});

describe("the queue keeps to the capacity", () => {
  it("sends a rolling hour's capacity, then holds the rest until the hour has passed", async () => {
    const server = await newProject("Busy");
    const userIds: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const user = await t.signUpUser(server.projectId, { email: `busy-${index}@cap.example` });
      userIds.push(user.userId);
    }
    smtp.delivered.length = 0;
    await json(
      await t.request("/emails/send-email", {
        ...server,
        method: "POST",
        body: { user_ids: userIds, html: "<p>News</p>", subject: "Busy news" },
      }),
    );
    await t.runEmailQueue();
    await t.runEmailQueue();
    const busy = (mail: { raw: string }) => mail.raw.includes("Subject: Busy news");
    // The month's average adds 4 × 4 / 720 per hour: still 4 whole messages.
    expect(smtp.delivered.filter(busy)).toHaveLength(baselinePerHour);
    const info = await json(await t.request("/emails/delivery-info", server));
    expect(info.stats.hour).toEqual({ sent: 4, bounced: 0, marked_as_spam: 0 });
    const waiting = await json(await t.request("/emails/outbox?status=scheduled", server));
    expect(waiting.items).toHaveLength(2);
    expect(waiting.items[0].send_retries).toBe(0);

    t.clock.advance(3_600_000);
    await t.runEmailQueue();
    expect(smtp.delivered.filter(busy)).toHaveLength(6);
  });
});
