/**
 * `POST /internal/sign-up-rules-test`: the dashboard's tester of sign-up rules. Takes a made-up
 * sign-up (e-mail, method, OAuth provider, country, optionally the Turnstile result and risk
 * scores) and answers the context the conditions saw, each rule's evaluation in order up to the
 * one that decided, and the outcome (services/sign-up-rules/sign-up-rules.ts). Nothing is written
 * or logged. Admin access only, as the reference's.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv } from "../../http/context";
import { getEndUserCountryCode } from "../../http/end-user-country";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { signUpAuthMethods } from "../../services/sign-up-rules/rule-conditions";
import {
  createSignUpRuleContext,
  traceSignUpRules,
} from "../../services/sign-up-rules/sign-up-rules";

const riskScore = z.int().min(0).max(100);
const turnstileResults = ["ok", "invalid", "error"] as const;

const testBody = z.strictObject({
  email: z.string().nullable(),
  auth_method: z.enum(signUpAuthMethods),
  oauth_provider: z.string().nullable(),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "must be a 2-letter country code")
    .nullable(),
  turnstile_result: z.enum(turnstileResults).optional(),
  risk_scores: z.strictObject({ bot: riskScore, free_trial_abuse: riskScore }).optional(),
});

export function createSignUpRulesTestRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Evaluate the project's sign-up rules for a made-up sign-up (dashboard tester)",
      callers: ["admin"],
      body: testBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: testBody });
      const context = createSignUpRuleContext({
        email: body.email,
        // The request's own country when the body names none, as a real sign-up would have it.
        countryCode: body.country_code ?? getEndUserCountryCode(c),
        authMethod: body.auth_method,
        oauthProvider: body.oauth_provider,
        ...(body.risk_scores ? { riskScores: body.risk_scores } : {}),
      });
      const trace = traceSignUpRules(auth.project.config.auth, context);
      return sendJson(c, {
        context: {
          email: context.email,
          email_domain: context.emailDomain,
          country_code: context.countryCode,
          auth_method: context.authMethod,
          oauth_provider: context.oauthProvider,
          // Scores are not derived from it here (there is no risk engine); it is shown as given.
          turnstile_result: body.turnstile_result ?? "invalid",
          risk_scores: context.riskScores,
        },
        evaluations: trace.evaluations.map((evaluation) => ({
          rule_id: evaluation.ruleId,
          display_name: evaluation.rule.displayName ?? "",
          enabled: evaluation.rule.enabled,
          condition: evaluation.rule.condition ?? "",
          status: evaluation.status,
          action: {
            type: evaluation.rule.action.type,
            ...(evaluation.rule.action.message !== undefined
              ? { message: evaluation.rule.action.message }
              : {}),
          },
          ...(evaluation.error !== undefined ? { error: evaluation.error } : {}),
        })),
        outcome: {
          should_allow: trace.outcome.shouldAllow,
          decision: trace.outcome.decision,
          decision_rule_id: trace.outcome.decisionRuleId,
          restricted_because_of_rule_id: trace.outcome.restrictedBecauseOfRuleId,
        },
      });
    },
  );

  return app;
}
