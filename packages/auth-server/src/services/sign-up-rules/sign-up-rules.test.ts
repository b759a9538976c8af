/**
 * Evaluating a project's sign-up rules: order (priority, then id), which actions decide and which
 * let evaluation go on, the default action, the restriction a `restrict` rule writes, and the
 * context the conditions see.
 */
import { describe, expect, it } from "vitest";
import { orderSignUpRules, type SignUpRule } from "../projects/project-config";
import { silentLogger } from "../shared/auth-logger";
import { applySignUpRules, createSignUpRuleContext, traceSignUpRules } from "./sign-up-rules";

function rule(
  condition: string | undefined,
  type: SignUpRule["action"]["type"],
  priority = 0,
  enabled = true,
): SignUpRule {
  return { enabled, priority, condition, action: { type }, displayName: `${type} rule` };
}

const signUp = (email: string) =>
  createSignUpRuleContext({
    email,
    countryCode: null,
    authMethod: "password",
    oauthProvider: null,
  });

const auth = (
  signUpRules: Record<string, SignUpRule>,
  signUpRulesDefaultAction: "allow" | "reject" = "allow",
) => ({ signUpRules, signUpRulesDefaultAction });

describe("createSignUpRuleContext", () => {
  it("normalises the address and the country, and gives scores of 0", () => {
    expect(
      createSignUpRuleContext({
        email: " Test.User@Example.COM ",
        countryCode: "us",
        authMethod: "oauth",
        oauthProvider: "github",
      }),
    ).toEqual({
      email: "test.user@example.com",
      emailDomain: "example.com",
      countryCode: "US",
      authMethod: "oauth",
      oauthProvider: "github",
      riskScores: { bot: 0, free_trial_abuse: 0 },
    });
  });

  it("uses empty strings for what is unknown or not a country", () => {
    expect(
      createSignUpRuleContext({
        email: null,
        countryCode: "usa",
        authMethod: "oauth",
        oauthProvider: null,
      }),
    ).toMatchObject({ email: "", emailDomain: "", countryCode: "", oauthProvider: "" });
  });
});

describe("orderSignUpRules", () => {
  it("evaluates the highest priority first, then by id (numeric-looking ids too)", () => {
    const ordered = orderSignUpRules({
      zzz: rule("true", "allow", 0),
      "10": rule("true", "allow", 0),
      aaa: rule("true", "allow", 0),
      low: rule("true", "allow", 1),
      high: rule("true", "allow", 5),
    });
    expect(ordered.map(([id]) => id)).toEqual(["high", "low", "10", "aaa", "zzz"]);
  });
});

describe("traceSignUpRules", () => {
  it("uses the default action when no rule matches", () => {
    const none = traceSignUpRules(auth({}), signUp("a@example.com"));
    expect(none).toEqual({
      evaluations: [],
      outcome: {
        shouldAllow: true,
        decision: "default-allow",
        decisionRuleId: null,
        restrictedBecauseOfRuleId: null,
      },
    });
    const rejecting = traceSignUpRules(
      auth({ other: rule('emailDomain == "other.com"', "allow") }, "reject"),
      signUp("a@example.com"),
    );
    expect(rejecting.outcome).toMatchObject({ shouldAllow: false, decision: "default-reject" });
    expect(rejecting.evaluations.map((e) => e.status)).toEqual(["not_matched"]);
  });

  it("stops at the first matching allow or reject; log and restrict go on", () => {
    const trace = traceSignUpRules(
      auth({
        "a-log": rule("true", "log", 30),
        "b-restrict": rule("true", "restrict", 20),
        "b-restrict-2": rule("true", "restrict", 20),
        "c-reject": rule('emailDomain == "bad.com"', "reject", 10),
        "d-allow": rule("true", "allow", 5),
        "e-never": rule("true", "reject", 1),
      }),
      signUp("a@good.com"),
    );
    expect(trace.evaluations.map((e) => [e.ruleId, e.status])).toEqual([
      ["a-log", "matched"],
      ["b-restrict", "matched"],
      ["b-restrict-2", "matched"],
      ["c-reject", "not_matched"],
      ["d-allow", "matched"],
    ]);
    expect(trace.outcome).toEqual({
      shouldAllow: true,
      decision: "allow",
      decisionRuleId: "d-allow",
      restrictedBecauseOfRuleId: "b-restrict",
    });
  });

  it("skips disabled rules and rules without a condition; a failing condition does not match", () => {
    const trace = traceSignUpRules(
      auth({
        off: rule("true", "reject", 3, false),
        empty: rule(undefined, "reject", 2),
        broken: rule('email.matches("(")', "reject", 1),
      }),
      signUp("a@example.com"),
    );
    expect(trace.evaluations.map((e) => e.status)).toEqual([
      "disabled",
      "missing_condition",
      "error",
    ]);
    expect(trace.evaluations[2]?.error).toMatch(/^Invalid regular expression/);
    expect(trace.outcome.decision).toBe("default-allow");
  });
});

describe("applySignUpRules", () => {
  const project = (rules: Record<string, SignUpRule>, defaultAction?: "allow" | "reject") => ({
    id: "p1",
    config: { auth: { ...auth(rules, defaultAction) } } as never,
  });

  it("throws SIGN_UP_REJECTED with the fixed message, never the rule's own", () => {
    const secret = { ...rule("true", "reject"), action: { type: "reject" as const, message: "x" } };
    expect(() =>
      applySignUpRules({ logger: silentLogger }, project({ secret }), signUp("a@example.com")),
    ).toThrow(
      expect.objectContaining({
        code: "SIGN_UP_REJECTED",
        message: "Your sign up was rejected by an administrator's sign-up rule.",
      }),
    );
  });

  it("returns the restriction of the first restrict rule, after existing notes", () => {
    const rules = { flag: rule("true", "restrict") };
    expect(
      applySignUpRules({ logger: silentLogger }, project(rules), signUp("a@example.com")),
    ).toEqual({
      restricted_by_admin: true,
      restricted_by_admin_private_details: "Restricted by sign-up rule: flag (restrict rule)",
    });
    expect(
      applySignUpRules(
        { logger: silentLogger },
        project(rules),
        signUp("a@example.com"),
        "Earlier",
      ),
    ).toMatchObject({
      restricted_by_admin_private_details:
        "Earlier\n\nRestricted by sign-up rule: flag (restrict rule)",
    });
    expect(applySignUpRules({ logger: silentLogger }, project({}), signUp("a@x.com"))).toEqual({});
  });

  it("logs matched rules and conditions that failed", () => {
    const lines: string[] = [];
    const logger = {
      info: (data: Record<string, unknown>, message: string) =>
        lines.push(`info ${message} ${String(data.ruleId)}`),
      warn: (data: Record<string, unknown>, message: string) =>
        lines.push(`warn ${message} ${String(data.ruleId)}`),
      error: () => {},
    };
    applySignUpRules(
      { logger },
      project({ seen: rule("true", "log", 1), broken: rule('email.matches("(")', "reject") }),
      signUp("a@example.com"),
    );
    expect(lines).toEqual([
      "info Sign-up rule matched seen",
      "warn Sign-up rule condition could not be evaluated broken",
    ]);
  });
});
