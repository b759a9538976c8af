/**
 * `POST /internal/sign-up-rules-test`: the dashboard's tester of sign-up rules. The context it
 * evaluated, each rule's evaluation in order, the outcome; rejected input; admin access only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const signUp = {
  email: "Test@Example.com",
  auth_method: "oauth",
  oauth_provider: "google",
  country_code: null,
};

async function projectWith(override: Record<string, unknown>): Promise<string> {
  const { id } = await t.createProject();
  const patched = await t.request("/internal/config/override/environment", {
    accessType: "admin",
    projectId: id,
    method: "PATCH",
    body: { config_override_string: JSON.stringify(override) },
  });
  expect(patched.status).toBe(200);
  return id;
}

function runTest(projectId: string, body: unknown, options: Record<string, unknown> = {}) {
  return t.request("/internal/sign-up-rules-test", {
    accessType: "admin",
    projectId,
    method: "POST",
    body,
    ...options,
  });
}

describe("POST /internal/sign-up-rules-test", () => {
  it("answers the default action with no rules, and the context it evaluated", async () => {
    const { id } = await t.createProject();
    const response = await runTest(id, signUp);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      context: {
        email: "test@example.com",
        email_domain: "example.com",
        country_code: "",
        auth_method: "oauth",
        oauth_provider: "google",
        turnstile_result: "invalid",
        risk_scores: { bot: 0, free_trial_abuse: 0 },
      },
      evaluations: [],
      outcome: {
        should_allow: true,
        decision: "default-allow",
        decision_rule_id: null,
        restricted_because_of_rule_id: null,
      },
    });
  });

  it("evaluates in priority order up to the deciding rule, each with its status", async () => {
    const projectId = await projectWith({
      "auth.signUpRules.log-first": {
        enabled: true,
        displayName: "Log first",
        priority: 3,
        condition: 'emailDomain == "example.com"',
        action: { type: "log" },
      },
      "auth.signUpRules.off": {
        enabled: false,
        priority: 2,
        condition: "true",
        action: { type: "reject" },
      },
      "auth.signUpRules.block-oauth": {
        enabled: true,
        displayName: "Block OAuth",
        priority: 1,
        condition: 'authMethod == "oauth"',
        action: { type: "reject", message: "OAuth blocked" },
      },
      "auth.signUpRules.never-reached": {
        enabled: true,
        priority: 0,
        condition: "true",
        action: { type: "allow" },
      },
    });
    const body = (await (await runTest(projectId, signUp)).json()) as Record<string, unknown>;
    expect(body.evaluations).toEqual([
      {
        rule_id: "log-first",
        display_name: "Log first",
        enabled: true,
        condition: 'emailDomain == "example.com"',
        status: "matched",
        action: { type: "log" },
      },
      {
        rule_id: "off",
        display_name: "",
        enabled: false,
        condition: "true",
        status: "disabled",
        action: { type: "reject" },
      },
      {
        rule_id: "block-oauth",
        display_name: "Block OAuth",
        enabled: true,
        condition: 'authMethod == "oauth"',
        status: "matched",
        action: { type: "reject", message: "OAuth blocked" },
      },
    ]);
    expect(body.outcome).toEqual({
      should_allow: false,
      decision: "reject",
      decision_rule_id: "block-oauth",
      restricted_because_of_rule_id: null,
    });
  });

  it("takes given risk scores and Turnstile result; a failing condition shows its error", async () => {
    const projectId = await projectWith({
      "auth.signUpRules.bad-regex": {
        enabled: true,
        priority: 2,
        condition: 'email.matches("(unclosed")',
        action: { type: "reject" },
      },
      "auth.signUpRules.bots": {
        enabled: true,
        priority: 1,
        condition: "riskScores.bot >= 50",
        action: { type: "restrict" },
      },
      "auth.signUpRulesDefaultAction": "reject",
    });
    const body = (await (
      await runTest(projectId, {
        ...signUp,
        auth_method: "password",
        oauth_provider: null,
        turnstile_result: "ok",
        risk_scores: { bot: 80, free_trial_abuse: 10 },
      })
    ).json()) as {
      context: Record<string, unknown>;
      evaluations: Record<string, unknown>[];
      outcome: Record<string, unknown>;
    };
    expect(body.context).toMatchObject({
      turnstile_result: "ok",
      risk_scores: { bot: 80, free_trial_abuse: 10 },
      oauth_provider: "",
    });
    expect(body.evaluations[0]).toMatchObject({ rule_id: "bad-regex", status: "error" });
    expect(body.evaluations[0]?.error).toMatch(/^Invalid regular expression: \(unclosed/);
    expect(body.outcome).toEqual({
      should_allow: false,
      decision: "default-reject",
      decision_rule_id: null,
      restricted_because_of_rule_id: "bots",
    });
  });

  it("uses the given country, else the request's own", async () => {
    const projectId = await projectWith({
      "auth.signUpRules.north-america": {
        enabled: true,
        condition: 'countryCode in ["US", "CA"]',
        action: { type: "reject" },
      },
    });
    const browser = {
      "user-agent": "Mozilla/5.0",
      "x-forwarded-for": "203.0.113.9",
      "x-vercel-ip-country": "CA",
    };
    const fromRequest = await runTest(projectId, signUp, { headers: browser });
    expect(await fromRequest.json()).toMatchObject({
      context: { country_code: "CA" },
      outcome: { decision: "reject", decision_rule_id: "north-america" },
    });
    const given = await runTest(
      projectId,
      { ...signUp, country_code: " de " },
      { headers: browser },
    );
    expect(await given.json()).toMatchObject({
      context: { country_code: "DE" },
      outcome: { decision: "default-allow" },
    });
  });

  it("refuses bad input with SCHEMA_ERROR naming each problem", async () => {
    const { id } = await t.createProject();
    const response = await runTest(id, {
      email: 5,
      auth_method: "carrier-pigeon",
      country_code: "usa",
      turnstile_result: "maybe",
      risk_scores: { bot: 101, free_trial_abuse: 1.5 },
      extra: true,
    });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    expect(body.error).toBe(
      [
        "Request validation failed on POST /api/v1/internal/sign-up-rules-test:",
        "  - body contains unknown properties: extra",
        "  - body.email must be a `string` type, but the final value was: `5`.",
        "  - body.auth_method must be one of the following values: password, otp, oauth, passkey",
        "  - body.oauth_provider must be defined",
        "  - body.country_code must be a 2-letter country code",
        "  - body.turnstile_result must be one of the following values: ok, invalid, error",
        "  - body.risk_scores.bot must be less than or equal to 100",
        "  - body.risk_scores.free_trial_abuse must be a `int` type, but the final value was: `1.5`.",
      ].join("\n"),
    );
  });

  it("is for admins only", async () => {
    const { id } = await t.createProject();
    for (const accessType of ["client", "server"] as const) {
      await expectKnownError(
        await runTest(id, signUp, { accessType }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
    }
  });
});
