/**
 * @module
 * The password rules the handler forms check before sending (auth-platform spec section 5): the
 * server's length limits (8 to 70 characters, as its PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG
 * answers say; auth-protocol declares them) and the repeated password matching. The server checks
 * again; its answer wins.
 */
import { maxPasswordLength, minPasswordLength } from "@heritage/auth-protocol";

/** The hint under a new-password field. */
export const passwordLengthHint = `${minPasswordLength} to ${maxPasswordLength} characters.`;

/** The spec's message for a password of the wrong length, or null when the length is fine. */
export function checkPasswordLength(password: string): string | null {
  if (password.length < minPasswordLength) {
    return `Password too short. Minimum length is ${minPasswordLength}.`;
  }
  if (password.length > maxPasswordLength) {
    return `Password too long. Maximum length is ${maxPasswordLength}.`;
  }
  return null;
}

export type NewPasswordField = "password" | "passwordRepeat";

/** Problems of a new password and its repetition, keyed by field (empty when there are none). */
export function checkNewPassword(
  password: string,
  repeat: string,
): Partial<Record<NewPasswordField, string>> {
  if (password === "") return { password: "Please enter a password." };
  const lengthProblem = checkPasswordLength(password);
  if (lengthProblem) return { password: lengthProblem };
  if (password !== repeat) return { passwordRepeat: "Passwords do not match." };
  return {};
}

/** Field errors for the server's password answers, so they show beside the password field. */
export function passwordFieldOf(code: string): NewPasswordField | null {
  return code === "PASSWORD_TOO_SHORT" ||
    code === "PASSWORD_TOO_LONG" ||
    code === "PASSWORD_REQUIREMENTS_NOT_MET"
    ? "password"
    : null;
}
