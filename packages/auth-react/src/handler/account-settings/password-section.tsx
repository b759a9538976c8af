/**
 * @module
 * Account settings, password: change it with the current one (`POST /auth/password/update`, which
 * ends the other sessions), or set one when the account has none (`POST /auth/password/set`).
 */
import type { AuthUser } from "@heritage/auth-client";
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import {
  checkNewPassword,
  type NewPasswordField,
  passwordFieldOf,
  passwordLengthHint,
} from "../password-rules";
import { SettingsSection } from "./settings-section";

type PasswordField = "oldPassword" | NewPasswordField;

export function PasswordSection({ user }: { user: AuthUser }) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, reload } = useAuth();
  const form = useFormState<PasswordField>();
  const [notice, setNotice] = useState<string | null>(null);
  const hasPassword = user.hasPassword;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const element = event.currentTarget;
    const data = new FormData(element);
    const oldPassword = String(data.get("oldPassword") ?? "");
    const password = String(data.get("password") ?? "");
    const repeat = String(data.get("passwordRepeat") ?? "");
    const problems: Partial<Record<PasswordField, string>> = {
      ...(hasPassword && oldPassword === ""
        ? { oldPassword: t("passwordSection.enterCurrent") }
        : {}),
      ...checkNewPassword(password, repeat, t),
    };
    if (Object.keys(problems).length > 0) return form.fail({ fields: problems });
    void form.run(async () => {
      const result = hasPassword
        ? await app.updatePassword({ oldPassword, newPassword: password })
        : await app.setPassword({ password });
      if (result.status === "ok") {
        element.reset();
        setNotice(hasPassword ? t("passwordSection.changed") : t("passwordSection.set"));
        if (!hasPassword) await reload();
        return;
      }
      // The server answers a wrong current password with PASSWORD_CONFIRMATION_MISMATCH.
      if (result.error.code === "PASSWORD_CONFIRMATION_MISMATCH") {
        return form.fail({ fields: { oldPassword: t("passwordSection.currentWrong") } });
      }
      const field = passwordFieldOf(result.error.code);
      const message = errorText(result.error);
      form.fail(field ? { fields: { [field]: message } } : { form: message });
    });
  };

  return (
    <SettingsSection title={t("passwordSection.title")}>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        {hasPassword ? (
          <Field
            label={t("passwordSection.currentLabel")}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            required
            error={form.fieldErrors.oldPassword}
          />
        ) : (
          <p className={classNames.text}>{t("passwordSection.noPasswordYet")}</p>
        )}
        <Field
          label={t("passwordReset.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordLengthHint(t)}
          error={form.fieldErrors.password}
        />
        <Field
          label={t("passwordReset.repeatNewPassword")}
          name="passwordRepeat"
          type="password"
          autoComplete="new-password"
          required
          error={form.fieldErrors.passwordRepeat}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("common.saving")}>
          {hasPassword ? t("passwordSection.change") : t("passwordSection.setButton")}
        </SubmitButton>
        {notice ? <StatusText>{notice}</StatusText> : null}
      </form>
    </SettingsSection>
  );
}
