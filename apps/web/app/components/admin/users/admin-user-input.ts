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

export function validateAdminUserInput(input: AdminUserInput): AdminUserErrors {
  const errors: AdminUserErrors = {};
  const email = input.email.trim();
  if (email === "") errors.email = "Email is required";
  else if (!emailPattern.test(email)) errors.email = "Please enter a valid email address";
  if (input.password === "") errors.password = "Password is required";
  else if (input.password.length < adminPasswordMinLength) {
    errors.password = `Password must be at least ${adminPasswordMinLength} characters`;
  } else if (input.password.length > adminPasswordMaxLength) {
    errors.password = `Password must be at most ${adminPasswordMaxLength} characters`;
  }
  if (input.displayName.trim().length > 256) {
    errors.displayName = "Display name must be at most 256 characters";
  }
  // Only a script sends these (a NUL, an unpaired surrogate); the database would refuse them.
  for (const field of ["email", "displayName"] as const) {
    if (!errors[field] && !isStorableText(input[field])) {
      errors[field] = "This text contains characters that cannot be saved";
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
