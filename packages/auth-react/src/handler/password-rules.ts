/**
 * @module
 * The password rules the handler forms check before sending (auth-platform spec section 5): the
 * server's length limits (8 to 70 characters, as its PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG
 * answers say; auth-protocol declares them) and the repeated password matching. The server checks
 * again; its answer wins. The messages are the catalogue's, in the pages' language.
 */
import { maxPasswordLength, minPasswordLength } from "@heritage/auth-protocol";
import type { HandlerI18n } from "./i18n/translator";

type Translate = HandlerI18n["t"];

/** The hint under a new-password field ("8 to 70 characters."). */
export function passwordLengthHint(t: Translate): string {
  return t("password.hint", { min: minPasswordLength, max: maxPasswordLength });
}

/** The spec's message for a password of the wrong length, or null when the length is fine. */
export function checkPasswordLength(password: string, t: Translate): string | null {
  if (password.length < minPasswordLength) {
    return t("password.tooShort", { min: minPasswordLength });
  }
  if (password.length > maxPasswordLength) {
    return t("password.tooLong", { max: maxPasswordLength });
  }
  return null;
}

export type NewPasswordField = "password" | "passwordRepeat";

/** Problems of a new password and its repetition, keyed by field (empty when there are none). */
export function checkNewPassword(
  password: string,
  repeat: string,
  t: Translate,
): Partial<Record<NewPasswordField, string>> {
  if (password === "") return { password: t("password.enterPassword") };
  const lengthProblem = checkPasswordLength(password, t);
  if (lengthProblem) return { password: lengthProblem };
  if (password !== repeat) return { passwordRepeat: t("password.mismatch") };
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
