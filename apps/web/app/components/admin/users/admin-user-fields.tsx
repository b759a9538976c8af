/**
 * @module
 * The fields of a new admin user (Display Name, Email, Password) and their state, shared by
 * "Create the first admin account" on /login and "Create Admin User" in the admin area: both
 * check the input the same way, focus the first wrong field and show the rules.
 */
import { type FormEvent, useCallback, useState } from "react";
import { type AdminUserFieldStrings, signInStringsEn } from "../../../i18n/sign-in-strings";
import { TextField } from "../shell/text-field";
import {
  type AdminUserErrors,
  type AdminUserInput,
  adminPasswordMaxLength,
  adminPasswordMinLength,
  hasErrors,
  validateAdminUserInput,
} from "./admin-user-input";

const emptyInput: AdminUserInput = { email: "", password: "", displayName: "" };

export interface AdminUserForm {
  input: AdminUserInput;
  errors: AdminUserErrors;
  /** Shows the action's field errors (or clears them with `{}`). */
  setErrors: (errors: AdminUserErrors) => void;
  /** Empties the fields and their errors (after a user was created). */
  reset: () => void;
  update: (field: keyof AdminUserInput) => (event: { target: { value: string } }) => void;
  /** Checks the input; hands it to `send` only when it is valid, else focuses the first error. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

export function useAdminUserForm(
  send: (input: AdminUserInput) => Promise<void>,
  strings: AdminUserFieldStrings = signInStringsEn.userFields,
): AdminUserForm {
  const [input, setInput] = useState<AdminUserInput>(emptyInput);
  const [errors, setErrors] = useState<AdminUserErrors>({});
  // Stable, so that effects reacting to an action's answer can use it.
  const reset = useCallback(() => {
    setInput(emptyInput);
    setErrors({});
  }, []);
  return {
    input,
    errors,
    setErrors,
    reset,
    update: (field) => (event) =>
      setInput((current) => ({ ...current, [field]: event.target.value })),
    submit: async (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      const found = validateAdminUserInput(input, strings);
      setErrors(found);
      if (hasErrors(found)) {
        const first = form.elements.namedItem(Object.keys(found)[0] ?? "email");
        if (first instanceof HTMLElement) first.focus();
        return;
      }
      await send(input);
    },
  };
}

/**
 * The three fields. `forYourself` (the first admin signs up as themselves) lets the browser
 * offer their name and e-mail; an admin creating someone else's account gets no suggestions.
 */
export function AdminUserFields({
  form,
  forYourself,
  strings = signInStringsEn.userFields,
}: {
  form: AdminUserForm;
  forYourself: boolean;
  /** The labels' language: /login's; the admin area is English. */
  strings?: AdminUserFieldStrings;
}) {
  const { input, errors, update } = form;
  return (
    <>
      <TextField
        label={strings.displayName}
        name="displayName"
        autoComplete={forYourself ? "name" : "off"}
        value={input.displayName}
        onChange={update("displayName")}
        error={errors.displayName}
      />
      <TextField
        label={strings.email}
        name="email"
        type="email"
        autoComplete={forYourself ? "username" : "off"}
        required
        value={input.email}
        onChange={update("email")}
        error={errors.email}
      />
      <TextField
        label={strings.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={adminPasswordMinLength}
        hint={strings.passwordHint(adminPasswordMinLength, adminPasswordMaxLength)}
        value={input.password}
        onChange={update("password")}
        error={errors.password}
      />
    </>
  );
}
