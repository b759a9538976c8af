/**
 * @module
 * "Create the first admin account" (first run of /login, while the site's project has no user):
 * email, password and display name, created by the login action, then signed in.
 */
import { useAuth } from "@heritage/auth-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "../../ui/button-styles";
import { TextField } from "../shell/text-field";
import {
  type AdminUserErrors,
  type AdminUserInput,
  adminPasswordMinLength,
  hasErrors,
  validateAdminUserInput,
} from "../users/admin-user-input";
import { describeSignInError, describeUnexpectedError } from "./sign-in-messages";

export type FirstAdminActionData =
  | { ok: true; email: string }
  | { ok: false; message: string; fieldErrors?: AdminUserErrors };

export const firstAdminTitle = "Create the first admin account";

export function FirstAdminForm() {
  const { signInWithCredential, reload } = useAuth();
  const fetcher = useFetcher<FirstAdminActionData>();
  const [input, setInput] = useState<AdminUserInput>({ email: "", password: "", displayName: "" });
  const [errors, setErrors] = useState<AdminUserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const isBusy = fetcher.state !== "idle" || isSigningIn;

  const update = (field: keyof AdminUserInput) => (event: { target: { value: string } }) =>
    setInput((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateAdminUserInput(input);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      const first = form.elements.namedItem(Object.keys(found)[0] ?? "email");
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    await fetcher.submit({ intent: "create-first-admin", ...input }, { method: "post" });
  };

  // After the action answered: sign the new admin in with what they typed.
  const result = fetcher.data;
  const password = useRef("");
  password.current = input.password;
  useEffect(() => {
    if (result === undefined) return;
    if (!result.ok) {
      setFailure(result.message);
      setErrors(result.fieldErrors ?? {});
      toast.error("Error", { description: result.message });
      return;
    }
    let isCurrent = true;
    setIsSigningIn(true);
    void (async () => {
      try {
        const signIn = await signInWithCredential({
          email: result.email,
          password: password.current,
        });
        if (signIn.status === "error") {
          const notice = describeSignInError(signIn.error);
          if (isCurrent) setFailure(notice.text);
          toast.error(notice.title, { description: notice.text });
          return;
        }
        toast.success("Success!", { description: "Your admin account was created" });
        await reload();
      } catch (error) {
        const notice = describeUnexpectedError(error);
        if (isCurrent) setFailure(notice.text);
        toast.error(notice.title, { description: notice.text });
      } finally {
        if (isCurrent) setIsSigningIn(false);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [result, signInWithCredential, reload]);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        No admin account exists yet. The account you create here is the first administrator; more
        can be added from the admin area.
      </p>
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-terracotta-600 bg-terracotta-50 p-3 text-sm text-terracotta-700"
        >
          {failure}
        </p>
      ) : null}
      <TextField
        label="Display Name"
        name="displayName"
        autoComplete="name"
        value={input.displayName}
        onChange={update("displayName")}
        error={errors.displayName}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={input.email}
        onChange={update("email")}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={adminPasswordMinLength}
        hint={`At least ${adminPasswordMinLength} characters.`}
        value={input.password}
        onChange={update("password")}
        error={errors.password}
      />
      <button type="submit" disabled={isBusy} className={buttonClasses("secondary", "w-full")}>
        {isBusy ? "Creating Account..." : "Create Admin Account"}
      </button>
    </form>
  );
}
