/**
 * The scheduler's e-mail routes, authorised by `CRON_SECRET`: `GET /internal/email-queue-step`
 * runs a pass of the queue (a due message goes out), `POST /internal/failed-emails-digest` lists
 * the last day's failed e-mails per project with its owners' addresses (dry run only). A missing
 * header is SCHEMA_ERROR, a wrong one (or no secret configured) a plain 401.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

const cronSecret = "test-cron-secret-0123";
const bearer = { authorization: `Bearer ${cronSecret}` };

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi({ env: { CRON_SECRET: cronSecret } });
  projectId = (
    await t.createProject({
      displayName: "Cron Project",
      config: { emails: { server: smtp.projectServer("Cron Project", "cron@mail.example") } },
    })
  ).id;
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

describe("the scheduler's authorisation", () => {
  it("wants the header, then the right bearer token", async () => {
    for (const path of ["/internal/email-queue-step", "/internal/failed-emails-digest"]) {
      const method = path.endsWith("digest") ? "POST" : "GET";
      const missing = await expectKnownError(
        await t.request(path, { method }),
        "SCHEMA_ERROR",
        400,
      );
      expect(missing.error).toBe(
        `Request validation failed on ${method} /api/v1${path}:\n  - headers.authorization must be defined`,
      );
      for (const authorization of ["Bearer wrong-secret-0123", cronSecret, "Bearer"]) {
        await expectTextError(
          await t.request(path, { method, headers: { authorization } }),
          401,
          "Unauthorized",
        );
      }
    }
  });

  it("refuses every call when no CRON_SECRET is configured", async () => {
    const unconfigured = await createTestAuthApi();
    try {
      await expectTextError(
        await unconfigured.request("/internal/email-queue-step", {
          headers: { authorization: "Bearer undefined" },
        }),
        401,
        "Unauthorized",
      );
    } finally {
      await unconfigured.close();
    }
  });
});

describe("GET /internal/email-queue-step", () => {
  it("sends what has fallen due", async () => {
    const user = await t.signUpUser(projectId, { email: "due@cron.example" });
    await json(
      await t.request("/emails/send-email", {
        accessType: "server",
        projectId,
        method: "POST",
        body: {
          user_ids: [user.userId],
          html: "<p>Due</p>",
          subject: "Due soon",
          scheduled_at_millis: t.clock().getTime() + 60_000,
        },
      }),
    );
    await t.runEmailQueue();
    expect(smtp.delivered).toHaveLength(0);
    t.clock.advance(60_000);
    expect(
      await json(
        await t.request("/internal/email-queue-step?only_one_step=true", { headers: bearer }),
      ),
    ).toEqual({ ok: true });
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([["due@cron.example"]]);
    await expectKnownError(
      await t.request("/internal/email-queue-step?only_one_step=yes", { headers: bearer }),
      "SCHEMA_ERROR",
      400,
    );
  });
});

describe("POST /internal/failed-emails-digest", () => {
  it("lists the last day's failed e-mails per project with its owners as the reference's rows, on a dry run", async () => {
    // The project is owned by a team of the internal project.
    const owner = await t.signUpUser("internal", { email: "owner@cron.example" });
    const team = await json(
      await t.request("/teams", {
        accessType: "server",
        projectId: "internal",
        method: "POST",
        body: { display_name: "Owners", creator_user_id: owner.userId },
      }),
      201,
    );
    await t.db.update(projects).set({ ownerTeamId: team.id }).where(eq(projects.id, projectId));
    const user = await t.signUpUser(projectId, { email: "refused@cron.example" });
    smtp.refused.add("refused@cron.example");
    for (const subject of ["Refused", "Refused again"]) {
      await json(
        await t.request("/emails/send-email", {
          accessType: "server",
          projectId,
          method: "POST",
          body: { user_ids: [user.userId], html: "<p>No</p>", subject },
        }),
      );
    }
    await t.runEmailQueue();

    const digest = await json(
      await t.request("/internal/failed-emails-digest?dry_run=true", {
        method: "POST",
        headers: bearer,
      }),
    );
    expect(digest).toEqual({
      success: true,
      failed_emails_by_tenancy: [
        {
          emails: [
            { subject: "Refused", to: [`User ID: ${user.userId}`] },
            { subject: "Refused again", to: [`User ID: ${user.userId}`] },
          ],
          // The reference's rows: the owner once per failed e-mail.
          tenant_owner_emails: ["owner@cron.example", "owner@cron.example"],
          project_id: projectId,
          tenancy_id: projectId,
        },
      ],
    });

    // A day later it is no longer listed.
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(
      (
        await json(
          await t.request("/internal/failed-emails-digest?dry_run=true", {
            method: "POST",
            headers: bearer,
          }),
        )
      ).failed_emails_by_tenancy,
    ).toEqual([]);
  });
});
