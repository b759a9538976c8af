/**
 * @module
 * The input of a new admin user (site spec, section 5: email required and of email type;
 * password required, minimum 6; display name optional), checked the same way in the browser
 * and in the actions. The platform has no minimum for users created with the secret key, so
 * the spec's 6 applies; its maximum is 70.
 */
import { maxPasswordLength } from "@heritage/auth-protocol";
import { isStorableText } from "@heritage/content";

/** Site spec, section 9. */
export const adminPasswordMinLength = 6;
/** The auth platform's maximum password length. */
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
