/**
 * @module
 * The "Create Admin User" card (site spec, sections 2, 5 and 8): Display Name, Email, Password,
 * the role (Editor, the least privilege, unless Admin is chosen; decision 032) and "Create User"
 * ("Creating User..." while busy); "Success! / User created successfully" and a cleared form, or
 * the provider's message / "Failed to create user".
 */
import { defaultNewUserRole, type SiteRole } from "@heritage/content";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { signInStrings } from "../../../i18n/sign-in-strings";
import { buttonClasses } from "../../ui/button-styles";
import { useAdminI18n } from "../shell/admin-language";
import { AdminUserFields, useAdminUserForm } from "./admin-user-fields";
import type { AdminUserErrors } from "./admin-user-input";
import { usersMessageText } from "./users-messages";

export type CreateUserResult =
  | { intent: "create"; ok: true; email: string; role: SiteRole }
  | { intent: "create"; ok: false; message: string; fieldErrors?: AdminUserErrors };

export function CreateUserForm() {
  const fetcher = useFetcher<CreateUserResult>({ key: "create-admin-user" });
  const [role, setRole] = useState<SiteRole>(defaultNewUserRole);
  const { t, language } = useAdminI18n();
  // The fields' labels and checks are the sign-in pages' (the first admin's form), in their words.
  const fieldStrings = signInStrings[language].userFields;
  const form = useAdminUserForm(async (input) => {
    await fetcher.submit({ intent: "create", ...input, role }, { method: "post" });
  }, fieldStrings);
  const isBusy = fetcher.state !== "idle";

  const result = fetcher.data;
  const { reset, setErrors } = form;
  useEffect(() => {
    if (result === undefined) return;
    if (result.ok) {
      toast.success(t("users.create.successTitle"), { description: t("users.create.success") });
      reset();
      setRole(defaultNewUserRole);
    } else {
      toast.error(t("common.errorTitle"), {
        description: usersMessageText(result.message || t("users.create.failed"), t),
      });
      setErrors(result.fieldErrors ?? {});
    }
  }, [result, reset, setErrors, t]);

  return (
    <section
      aria-labelledby="create-admin-user-title"
      className="rounded-xl border border-(--color-heritage-100) bg-white p-6 shadow-sm"
    >
      <h2 id="create-admin-user-title" className="mb-4 text-xl font-semibold">
        {t("users.create.title")}
      </h2>
      <form
        noValidate
        onSubmit={(event) => void form.submit(event)}
        className="grid gap-4 md:grid-cols-3"
      >
        <AdminUserFields form={form} forYourself={false} strings={fieldStrings} />
        <fieldset className="md:col-span-3">
          <legend className="mb-2 text-sm font-semibold text-(--color-heritage-900)">
            {t("users.create.role")}
          </legend>
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
            {/* Editor first: the default. */}
            {(["editor", "admin"] as const satisfies readonly SiteRole[]).map((option) => (
              <div key={option} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  id={`new-user-role-${option}`}
                  name="role"
                  value={option}
                  checked={role === option}
                  onChange={() => setRole(option)}
                  aria-describedby={`new-user-role-${option}-text`}
                  className="mt-0.5 size-5"
                />
                <div>
                  <label
                    htmlFor={`new-user-role-${option}`}
                    className="font-semibold text-(--color-ink)"
                  >
                    {t(`users.role.${option}`)}
                  </label>
                  <p id={`new-user-role-${option}-text`} className="text-(--color-muted)">
                    {t(`users.role.${option}Text`)}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="md:col-span-3">
          <button type="submit" disabled={isBusy} className={buttonClasses("secondary")}>
            {isBusy ? t("users.create.busy") : t("users.create.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}
