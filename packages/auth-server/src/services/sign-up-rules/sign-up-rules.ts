/**
 * Sign-up rules (`auth.signUpRules`, `auth.signUpRulesDefaultAction`), evaluated as the reference
 * does on every way a user signs up (password, OTP and magic link, OAuth including Apple's native
 * sign-in, and an anonymous user's upgrade by any of them), never when an anonymous user is made:
 * enabled rules with a condition, highest `priority` first and then by id, until the first matching
 * `allow` or `reject` decides; `log` and `restrict` rules that match are noted and evaluation goes
 * on; when nothing decides, the default action does. A matched `restrict` rule (the first one) makes
 * the new user restricted by the administrator. A condition that cannot be evaluated does not match.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { orderSignUpRules, type ProjectConfig, type SignUpRule } from "../projects/project-config";
import type { AuthLogger } from "../shared/auth-logger";
import {
  evaluateRuleCondition,
  RuleConditionError,
  type SignUpAuthMethod,
  type SignUpRuleContext,
} from "./rule-conditions";

export type SignUpRuleStatus =
  | "matched"
  | "not_matched"
  | "disabled"
  | "missing_condition"
  | "error";

export interface SignUpRuleEvaluation {
  ruleId: string;
  rule: SignUpRule;
  status: SignUpRuleStatus;
  /** Why the condition could not be evaluated (status `error`). */
  error?: string;
}

export interface SignUpRulesOutcome {
  shouldAllow: boolean;
  decision: "allow" | "reject" | "default-allow" | "default-reject";
  /** The `allow` or `reject` rule that decided; null when the default action did. */
  decisionRuleId: string | null;
  /** The first matching `restrict` rule evaluated before the decision. */
  restrictedBecauseOfRuleId: string | null;
}

export interface SignUpRulesTrace {
  /** Every rule evaluated, in order, up to the one that decided. */
  evaluations: SignUpRuleEvaluation[];
  outcome: SignUpRulesOutcome;
}

/** The sign-up as the conditions see it: the address normalised, a valid country code or "". */
export function createSignUpRuleContext(input: {
  email: string | null;
  countryCode: string | null;
  authMethod: SignUpAuthMethod;
  oauthProvider: string | null;
  riskScores?: { bot: number; free_trial_abuse: number };
}): SignUpRuleContext {
  const email = input.email?.trim().toLowerCase() ?? "";
  const at = email.lastIndexOf("@");
  const countryCode = input.countryCode?.trim().toUpperCase() ?? "";
  return {
    email,
    emailDomain: at === -1 ? "" : email.slice(at + 1),
    countryCode: /^[A-Z]{2}$/.test(countryCode) ? countryCode : "",
    authMethod: input.authMethod,
    oauthProvider: input.oauthProvider ?? "",
    // This server computes no risk scores; the reference's open-source engine gives 0 for both.
    riskScores: input.riskScores ?? { bot: 0, free_trial_abuse: 0 },
  };
}

/** Evaluates the project's rules for a sign-up; logs nothing (the admin's tester uses it as is). */
export function traceSignUpRules(
  auth: Pick<ProjectConfig["auth"], "signUpRules" | "signUpRulesDefaultAction">,
  context: SignUpRuleContext,
): SignUpRulesTrace {
  const evaluations: SignUpRuleEvaluation[] = [];
  let restrictedBecauseOfRuleId: string | null = null;
  for (const [ruleId, rule] of orderSignUpRules(auth.signUpRules)) {
    if (!rule.enabled) {
      evaluations.push({ ruleId, rule, status: "disabled" });
      continue;
    }
    if (!rule.condition) {
      evaluations.push({ ruleId, rule, status: "missing_condition" });
      continue;
    }
    let matched: boolean;
    try {
      matched = evaluateRuleCondition(rule.condition, context);
    } catch (error) {
      if (!(error instanceof RuleConditionError)) throw error;
      evaluations.push({ ruleId, rule, status: "error", error: error.message });
      continue;
    }
    evaluations.push({ ruleId, rule, status: matched ? "matched" : "not_matched" });
    if (!matched) continue;
    const action = rule.action.type;
    if (action === "restrict") restrictedBecauseOfRuleId ??= ruleId;
    if (action === "allow" || action === "reject") {
      return {
        evaluations,
        outcome: {
          shouldAllow: action === "allow",
          decision: action,
          decisionRuleId: ruleId,
          restrictedBecauseOfRuleId,
        },
      };
    }
  }
  const shouldAllow = auth.signUpRulesDefaultAction !== "reject";
  return {
    evaluations,
    outcome: {
      shouldAllow,
      decision: shouldAllow ? "default-allow" : "default-reject",
      decisionRuleId: null,
      restrictedBecauseOfRuleId,
    },
  };
}

/** The user fields a sign-up that passed the rules writes: the restriction of a `restrict` rule. */
export interface SignUpRuleFields {
  restricted_by_admin?: true;
  restricted_by_admin_private_details?: string;
}

/**
 * Applies the project's rules to a sign-up about to be written: throws `SIGN_UP_REJECTED` (with the
 * reference's fixed message: a rule's own message is for the admin only) when they refuse it, and
 * returns the restriction to write when a `restrict` rule matched. `existingPrivateDetails` (an
 * anonymous user's restriction notes) are kept before the rule's. Matched rules are logged, and a
 * condition that failed is logged as a warning: it is the admin's to fix.
 */
export function applySignUpRules(
  deps: { logger: AuthLogger },
  project: { id: string; config: Pick<ProjectConfig, "auth"> },
  context: SignUpRuleContext,
  existingPrivateDetails: string | null = null,
): SignUpRuleFields {
  const { auth } = project.config;
  if (Object.keys(auth.signUpRules).length === 0 && auth.signUpRulesDefaultAction === "allow") {
    return {};
  }
  const trace = traceSignUpRules(auth, context);
  for (const evaluation of trace.evaluations) {
    if (evaluation.status === "matched") {
      deps.logger.info(
        {
          projectId: project.id,
          ruleId: evaluation.ruleId,
          action: evaluation.rule.action.type,
          authMethod: context.authMethod,
          oauthProvider: context.oauthProvider || null,
        },
        "Sign-up rule matched",
      );
    } else if (evaluation.status === "error") {
      deps.logger.warn(
        { projectId: project.id, ruleId: evaluation.ruleId, error: evaluation.error },
        "Sign-up rule condition could not be evaluated",
      );
    }
  }
  if (!trace.outcome.shouldAllow) throw knownErrors.signUpRejected();
  const ruleId = trace.outcome.restrictedBecauseOfRuleId;
  if (ruleId === null) return {};
  const displayName = auth.signUpRules[ruleId]?.displayName;
  const details = `Restricted by sign-up rule: ${ruleId}${displayName ? ` (${displayName})` : ""}`;
  return {
    restricted_by_admin: true,
    restricted_by_admin_private_details:
      existingPrivateDetails !== null ? `${existingPrivateDetails}\n\n${details}` : details,
  };
}

/**
 * The `country_code` a sign-up writes: the request's geo country (http/end-user-country.ts), except
 * that an anonymous user being upgraded keeps a country it already has (as the reference does).
 */
export function signUpCountryFields(
  upgraded: { row: { countryCode: string | null } } | null,
  countryCode: string | null,
): { country_code?: string } {
  if (countryCode === null || (upgraded && upgraded.row.countryCode !== null)) return {};
  return { country_code: countryCode };
}
