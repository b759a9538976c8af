/**
 * The conditions of sign-up rules (`auth.signUpRules.{id}.condition`): CEL expressions, as the
 * reference writes them (`email.endsWith("@gmail.com") && authMethod == "password"`), checked and
 * evaluated with @marcbachmann/cel-js against the sign-up's context (decision 037). The variables
 * are the reference's: `email`, `emailDomain`, `countryCode`, `authMethod`, `oauthProvider` (strings,
 * "" when unknown) and `riskScores.bot`, `riskScores.free_trial_abuse` (integers 0-100).
 * `matches()` takes a JavaScript regular expression, as the reference's does.
 * @module
 */
import { Environment } from "@marcbachmann/cel-js";

export const signUpAuthMethods = ["password", "otp", "oauth", "passkey"] as const;
export type SignUpAuthMethod = (typeof signUpAuthMethods)[number];

/** What a condition sees of a sign-up. */
export interface SignUpRuleContext {
  /** Lower-cased and trimmed; "" when the sign-up has no address (an OAuth account without one). */
  email: string;
  /** The part after the last `@`, "" without one. */
  emailDomain: string;
  /** Two upper-case letters, "" when unknown. */
  countryCode: string;
  authMethod: SignUpAuthMethod;
  /** The OAuth provider's id in the project's config, "" for other methods. */
  oauthProvider: string;
  riskScores: { bot: number; free_trial_abuse: number };
}

/** A condition that could not be evaluated (a bad regular expression, a wrong type at run time). */
export class RuleConditionError extends Error {
  override name = "RuleConditionError";
}

/**
 * Scores are `dyn` rather than `int`: the reference's evaluator compares JavaScript numbers, so
 * `riskScores.bot >= 50` and `riskScores.bot >= 49.5` both work there and must here.
 */
const environment = new Environment({ limits: { maxAstNodes: 1000, maxDepth: 64 } })
  .registerVariable("email", "string")
  .registerVariable("emailDomain", "string")
  .registerVariable("countryCode", "string")
  .registerVariable("authMethod", "string")
  .registerVariable("oauthProvider", "string")
  .registerVariable({ name: "riskScores", schema: { bot: "dyn", free_trial_abuse: "dyn" } });

type CompiledCondition = ReturnType<typeof environment.parse>;

/** Parsed conditions by text: a project's few rules are parsed once, not at every sign-up. */
const compiled = new Map<string, CompiledCondition>();
const maxCompiled = 1000;

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const summary = "summary" in error && typeof error.summary === "string" ? error.summary : null;
  const range = "range" in error ? (error.range as { start?: unknown } | undefined) : undefined;
  const text = summary ?? error.message.split("\n")[0] ?? error.message;
  return typeof range?.start === "number" ? `${text} (at character ${range.start + 1})` : text;
}

/**
 * Why a condition can never be evaluated (it does not parse, names an unknown variable or method,
 * compares values of different types, or does not give a boolean), or null when it can. Run when a
 * rule is written; a regular expression is only compiled when a sign-up evaluates it.
 */
export function findConditionProblem(condition: string): string | null {
  const result = environment.check(condition);
  if (!result.valid) return describeError(result.error);
  if (result.type !== "bool") {
    return `The condition must evaluate to a boolean, not ${result.type}`;
  }
  return null;
}

function compile(condition: string): CompiledCondition {
  const known = compiled.get(condition);
  if (known) return known;
  const parsed = environment.parse(condition);
  if (compiled.size >= maxCompiled) compiled.clear();
  compiled.set(condition, parsed);
  return parsed;
}

/** Whether the sign-up matches the condition; throws RuleConditionError when it cannot be told. */
export function evaluateRuleCondition(condition: string, context: SignUpRuleContext): boolean {
  let result: unknown;
  try {
    result = compile(condition)({
      email: context.email,
      emailDomain: context.emailDomain,
      countryCode: context.countryCode,
      authMethod: context.authMethod,
      oauthProvider: context.oauthProvider,
      riskScores: {
        bot: BigInt(context.riskScores.bot),
        free_trial_abuse: BigInt(context.riskScores.free_trial_abuse),
      },
    });
  } catch (error) {
    throw new RuleConditionError(describeError(error), { cause: error });
  }
  if (typeof result !== "boolean") {
    throw new RuleConditionError(`The condition must evaluate to a boolean, not ${typeof result}`);
  }
  return result;
}
