/**
 * @module
 * What a code from a mailed link can turn out to be (auth-platform spec section 4: not found,
 * expired, already used, max attempts reached), with the words the pages show for each.
 */

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

export const codeProblemTexts: Record<CodeProblem, { title: string; text: string }> = {
  missing: {
    title: "Invalid link",
    text: "This link is incomplete: it has no code. Please open the link from the e-mail again.",
  },
  invalid: {
    title: "Invalid link",
    text: "This link is not valid. Please check that you opened the whole link from the e-mail.",
  },
  expired: {
    title: "Link expired",
    text: "This link has expired. Please ask for a new one.",
  },
  used: {
    title: "Link already used",
    text: "This link has already been used.",
  },
  "too-many-attempts": {
    title: "Too many attempts",
    text: "This link was tried too many times. Please ask for a new one.",
  },
};
