/**
 * `POST /internal/feedback`: support feedback and bug reports mailed to
 * `STACK_INTERNAL_FEEDBACK_RECIPIENTS` through the caller's project's mail (the internal project's
 * for anyone), with the signed-in user's id; off (404, after the body is checked) without
 * recipients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { feedbackMail, feedbackOffMessage } from "./feedback";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi({
    env: {
      STACK_INTERNAL_FEEDBACK_RECIPIENTS: "Team@Example.com, ops@example.com,team@example.com",
    },
  });
});
afterAll(() => t.close());

const send = (body: unknown, options: { accessType?: "client"; accessToken?: string } = {}) =>
  t.request("/internal/feedback", { method: "POST", body, ...options });

describe("POST /internal/feedback", () => {
  it("mails a signed-in user's feedback, with their id, to each recipient once", async () => {
    const user = await t.signUpUser();
    const response = await send(
      { name: "Support Tester", email: user.email, message: "From the dashboard.\nLine two." },
      { accessType: "client", accessToken: user.accessToken },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    for (const to of ["team@example.com", "ops@example.com"]) {
      const mails = (await t.readOutbox(to)).filter((m) => m.subject === `[Support] ${user.email}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.projectId).toBe("internal");
      expect(mails[0]?.text).toContain("Support Tester");
      expect(mails[0]?.text).toContain(user.userId);
      expect(mails[0]?.text).toContain("From the dashboard.\nLine two.");
      expect(mails[0]?.html).toContain("From the dashboard.<br />Line two.");
    }
  });

  it("takes a bug report from anyone (the internal project's mail)", async () => {
    const response = await send({
      email: "bug@example.com",
      message: "Something <b>is</b> broken.",
      feedback_type: "bug",
    });
    expect(response.status).toBe(200);
    const mails = (await t.readOutbox("team@example.com")).filter(
      (m) => m.subject === "[Bug Report] bug@example.com",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Type: Bug Report");
    expect(mails[0]?.text).toContain("Sender name: Not provided");
    expect(mails[0]?.html).toContain("Something &lt;b&gt;is&lt;/b&gt; broken.");
  });

  it("checks the body", async () => {
    const empty = await send({ email: "a@example.com", message: "" });
    const error = await expectKnownError(empty, "SCHEMA_ERROR", 400);
    expect(JSON.stringify(error)).toContain("body.message must not be empty");
    await expectKnownError(
      await send({ email: "a@example.com", message: "x", feedback_type: "other" }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await send({ email: "not an address", message: "x" }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("puts no line break into the subject", () => {
    const mail = feedbackMail({
      name: null,
      email: "a@b.c",
      message: "m",
      feedbackType: undefined,
      user: null,
    });
    expect(mail.subject).toBe("[Support] a@b.c");
    expect(mail.text).not.toContain("Type:");
  });
});

describe("POST /internal/feedback without recipients", () => {
  it("checks the body, then says it is off (404)", async () => {
    const off = await createTestAuthApi();
    try {
      const invalid = await off.request("/internal/feedback", {
        method: "POST",
        body: { email: "a@example.com", message: "" },
      });
      await expectKnownError(invalid, "SCHEMA_ERROR", 400);
      const response = await off.request("/internal/feedback", {
        method: "POST",
        body: { email: "a@example.com", message: "hello" },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(feedbackOffMessage);
      expect(await off.readOutbox()).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
