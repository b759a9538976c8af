/**
 * @module
 * "Create the first admin account" (first run of /login, while the site's project has no user):
 * email, password and display name, created by the login action, then signed in.
 */
import { useAuth } from "@heritage/auth-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { signInStrings } from "../../../i18n/sign-in-strings";
import { useLanguage } from "../../../lib/i18n";
import { buttonClasses } from "../../ui/button-styles";
import { AdminUserFields, useAdminUserForm } from "../users/admin-user-fields";
import type { AdminUserErrors } from "../users/admin-user-input";
import { describeSignInError, describeUnexpectedError } from "./sign-in-messages";

export type FirstAdminActionData =
  | { ok: true; email: string }
  | { ok: false; message: string; fieldErrors?: AdminUserErrors };

export function FirstAdminForm() {
  const { signInWithCredential, reload } = useAuth();
  const strings = signInStrings[useLanguage()];
  const fetcher = useFetcher<FirstAdminActionData>();
  const form = useAdminUserForm(async (input) => {
    await fetcher.submit({ intent: "create-first-admin", ...input }, { method: "post" });
  }, strings.userFields);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const isBusy = fetcher.state !== "idle" || isSigningIn;

  // After the action answered: sign the new admin in with what they typed.
  const result = fetcher.data;
  const password = useRef("");
  password.current = form.input.password;
  const { setErrors } = form;
  useEffect(() => {
    if (result === undefined) return;
    if (!result.ok) {
      setFailure(result.message);
      setErrors(result.fieldErrors ?? {});
      toast.error(strings.unexpectedTitle, { description: result.message });
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
          const notice = describeSignInError(signIn.error, strings);
          if (isCurrent) setFailure(notice.text);
          toast.error(notice.title, { description: notice.text });
          return;
        }
        toast.success(strings.successTitle, { description: strings.firstAdmin.created });
        await reload();
      } catch (error) {
        const notice = describeUnexpectedError(error, strings);
        if (isCurrent) setFailure(notice.text);
        toast.error(notice.title, { description: notice.text });
      } finally {
        if (isCurrent) setIsSigningIn(false);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [result, signInWithCredential, reload, setErrors, strings]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        void form.submit(event);
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-(--color-muted)">{strings.firstAdmin.intro}</p>
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-(--color-terracotta-600) bg-(--color-terracotta-50) p-3 text-sm text-(--color-terracotta-700)"
        >
          {failure}
        </p>
      ) : null}
      <AdminUserFields form={form} forYourself strings={strings.userFields} />
      <button type="submit" disabled={isBusy} className={buttonClasses("secondary", "w-full")}>
        {isBusy ? strings.firstAdmin.creating : strings.firstAdmin.create}
      </button>
    </form>
  );
}
