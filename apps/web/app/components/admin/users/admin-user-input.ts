/**
 * @module
 * The input of a new admin user (site spec, section 5: email required and of email type;
 * password required; display name optional), checked the same way in the browser and in the
 * actions. The password follows the auth platform's one rule (`@heritage/auth-protocol`: 8 to
 * 70 characters), the same as a reset or a change on the handler pages, so that an admin is never
 * given a password the account settings would refuse (issue 33, item 12). The spec's minimum of 6
 * is kept in the sense that matters: no password shorter than 6 is accepted.
 */
import { maxPasswordLength, minPasswordLength } from "@heritage/auth-protocol";
import { isStorableText } from "@heritage/content";
import { type AdminUserFieldStrings, signInStringsEn } from "../../../i18n/sign-in-strings";

/** The auth platform's password length limits. */
export const adminPasswordMinLength = minPasswordLength;
export const adminPasswordMaxLength = maxPasswordLength;

export interface AdminUserInput {
  email: string;
  password: string;
  displayName: string;
}

export type AdminUserErrors = Partial<Record<keyof AdminUserInput, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The input's errors, in the words of `strings` (the admin's English unless /login is in another). */
export function validateAdminUserInput(
  input: AdminUserInput,
  strings: AdminUserFieldStrings = signInStringsEn.userFields,
): AdminUserErrors {
  const errors: AdminUserErrors = {};
  const email = input.email.trim();
  if (email === "") errors.email = strings.emailRequired;
  else if (!emailPattern.test(email)) errors.email = strings.emailInvalid;
  if (input.password === "") errors.password = strings.passwordRequired;
  else if (input.password.length < adminPasswordMinLength) {
    errors.password = strings.passwordTooShort(adminPasswordMinLength);
  } else if (input.password.length > adminPasswordMaxLength) {
    errors.password = strings.passwordTooLong(adminPasswordMaxLength);
  }
  if (input.displayName.trim().length > 256) {
    errors.displayName = strings.displayNameTooLong;
  }
  // Only a script sends these (a NUL, an unpaired surrogate); the database would refuse them.
  for (const field of ["email", "displayName"] as const) {
    if (!errors[field] && !isStorableText(input[field])) {
      errors[field] = strings.unstorable;
    }
  }
  return errors;
}

export function readAdminUserInput(form: FormData): AdminUserInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: text("email"), password: text("password"), displayName: text("displayName") };
}

export function hasErrors(errors: AdminUserErrors): boolean {
  return Object.keys(errors).length > 0;
}
