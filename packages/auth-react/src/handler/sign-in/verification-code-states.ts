/**
 * @module
 * What a code from a mailed link can turn out to be (auth-platform spec section 4: not found,
 * expired, already used, max attempts reached), with the catalogue texts the pages show for each.
 */
import type { MessageKey } from "../i18n/en";

export type CodeProblem = "missing" | "invalid" | "expired" | "used" | "too-many-attempts";

/** The problem a server error code stands for, or null when it is no verification-code error. */
export function toCodeProblem(code: string): CodeProblem | null {
  switch (code) {
    case "VERIFICATION_CODE_NOT_FOUND":
      return "invalid";
    case "VERIFICATION_CODE_EXPIRED":
      return "expired";
    case "VERIFICATION_CODE_ALREADY_USED":
      return "used";
    case "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED":
      return "too-many-attempts";
    case "SCHEMA_ERROR":
      // A code of the wrong shape cannot be any link's code.
      return "invalid";
    default:
      return null;
  }
}

/** The catalogue keys of the title and text the pages show for each problem. */
export const codeProblemTexts: Record<CodeProblem, { title: MessageKey; text: MessageKey }> = {
  missing: { title: "codeProblem.missing.title", text: "codeProblem.missing.text" },
  invalid: { title: "codeProblem.invalid.title", text: "codeProblem.invalid.text" },
  expired: { title: "codeProblem.expired.title", text: "codeProblem.expired.text" },
  used: { title: "codeProblem.used.title", text: "codeProblem.used.text" },
  "too-many-attempts": {
    title: "codeProblem.tooManyAttempts.title",
    text: "codeProblem.tooManyAttempts.text",
  },
};
