/**
 * Sign-up rule conditions (CEL): the reference's variables and string methods, JavaScript regular
 * expressions in `matches()`, escapes in string literals, and the problems a config write refuses
 * as against the failures that only make a rule not match.
 */
import { describe, expect, it } from "vitest";
import {
  evaluateRuleCondition,
  findConditionProblem,
  RuleConditionError,
  type SignUpRuleContext,
} from "./rule-conditions";

const context: SignUpRuleContext = {
  email: "ada.lovelace+test@example.com",
  emailDomain: "example.com",
  countryCode: "US",
  authMethod: "password",
  oauthProvider: "",
  riskScores: { bot: 33, free_trial_abuse: 44 },
};

const evaluate = (condition: string, overrides: Partial<SignUpRuleContext> = {}) =>
  evaluateRuleCondition(condition, { ...context, ...overrides });

describe("evaluateRuleCondition", () => {
  it("compares the context's strings, and lists with `in`", () => {
    expect(evaluate('emailDomain == "example.com"')).toBe(true);
    expect(evaluate('email == "someone@example.com"')).toBe(false);
    expect(evaluate('authMethod != "password"')).toBe(false);
    expect(evaluate('countryCode in ["US", "CA"]')).toBe(true);
    expect(evaluate('countryCode in ["CA"]')).toBe(false);
    expect(evaluate('!(authMethod in ["password", "otp"])')).toBe(false);
    expect(
      evaluate('oauthProvider == "spotify"', { authMethod: "oauth", oauthProvider: "spotify" }),
    ).toBe(true);
  });

  it("calls the string methods, taking their arguments literally", () => {
    expect(evaluate('email.contains("+test")')).toBe(true);
    expect(evaluate('email.startsWith("ada.")')).toBe(true);
    expect(evaluate('email.endsWith("@example.com")')).toBe(true);
    // A dot in contains() is a dot, not "any character".
    expect(evaluate('email.contains("ada-lovelace")')).toBe(false);
  });

  it("takes JavaScript regular expressions in matches(), backreferences included", () => {
    expect(evaluate('email.matches("^[0-9]+@")')).toBe(false);
    expect(evaluate('email.matches("^[0-9]+@")', { email: "12345@example.com" })).toBe(true);
    expect(evaluate('email.matches("^(a)\\\\1")', { email: "aa-1@example.com" })).toBe(true);
    expect(evaluate('email.matches("^(a)\\\\1")', { email: "ab-1@example.com" })).toBe(false);
  });

  it("reads escaped quotes and backslashes in string literals as the characters", () => {
    expect(evaluate('email.contains("a\\"b")', { email: 'a"b@example.com' })).toBe(true);
    expect(evaluate('email.contains("a\\\\b")', { email: "a\\b@example.com" })).toBe(true);
    expect(evaluate('email.contains("a\\\\b")')).toBe(false);
  });

  it("combines with &&, || and parentheses", () => {
    expect(evaluate('email.contains("test") && emailDomain == "example.com"')).toBe(true);
    expect(evaluate('email.contains("spam") || email.contains("bot")')).toBe(false);
    expect(
      evaluate('(email.contains("x") || email.contains("ada")) && emailDomain == "example.com"'),
    ).toBe(true);
    // Two calls whose arguments differ by one character are two calls.
    expect(
      evaluate('email.contains("bad+char") && !email.contains("bad-char")', {
        email: "user-bad+char-1@example.com",
      }),
    ).toBe(true);
  });

  it("compares risk scores with integers and decimals alike", () => {
    expect(evaluate("riskScores.bot == 33")).toBe(true);
    expect(evaluate("riskScores.bot >= 50")).toBe(false);
    expect(evaluate("riskScores.bot > 10 && riskScores.free_trial_abuse < 90")).toBe(true);
    expect(evaluate("riskScores.free_trial_abuse > 43.5")).toBe(true);
  });

  it("sees an absent address as the empty string", () => {
    const withoutEmail = { email: "", emailDomain: "", authMethod: "oauth" as const };
    expect(evaluate('email == ""', withoutEmail)).toBe(true);
    expect(evaluate('email.contains("@")', withoutEmail)).toBe(false);
    expect(evaluate('emailDomain == "example.com"', withoutEmail)).toBe(false);
  });

  it("constants", () => {
    expect(evaluate("true")).toBe(true);
    expect(evaluate("false")).toBe(false);
  });

  it("throws RuleConditionError for what cannot be evaluated, with a one-line reason", () => {
    for (const condition of [
      'email.matches("test(unclosed")',
      'email.contains("a") &&',
      "unknownVariable == 1",
      '"not a boolean"',
    ]) {
      expect(() => evaluate(condition)).toThrow(RuleConditionError);
    }
    expect(() => evaluate('email.matches("test(unclosed")')).toThrow(
      /^Invalid regular expression: test\(unclosed/,
    );
    expect(() => evaluate('"text"')).toThrow(
      "The condition must evaluate to a boolean, not string",
    );
  });
});

describe("findConditionProblem", () => {
  it("accepts every form the reference's dashboard writes", () => {
    for (const condition of [
      "true",
      'email.matches("test(unclosed")',
      'emailDomain in ["tempmail.com", "throwaway.io"]',
      'countryCode == "US"',
      "riskScores.bot >= 50",
      'email.endsWith("@gmail.com") && authMethod == "password"',
      '(email.contains("test") || email.contains("demo")) && emailDomain == "example.com"',
    ]) {
      expect(findConditionProblem(condition), condition).toBeNull();
    }
  });

  it("names what is wrong: syntax, unknown names, types, and a result that is no boolean", () => {
    expect(findConditionProblem('email.contains("a") &&')).toBe(
      "Unexpected token: EOF (at character 23)",
    );
    expect(findConditionProblem("domain == 1")).toBe("Unknown variable: domain (at character 1)");
    expect(findConditionProblem("email == 1")).toMatch(/^no such overload: string == int/);
    expect(findConditionProblem("riskScores.nope > 1")).toMatch(/^No such key: nope/);
    expect(findConditionProblem("email")).toBe(
      "The condition must evaluate to a boolean, not string",
    );
  });

  it("refuses conditions nested past the depth limit", () => {
    expect(findConditionProblem(`${"(".repeat(100)}true${")".repeat(100)}`)).toMatch(/maxDepth/);
  });
});
