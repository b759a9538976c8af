/**
 * @module
 * Account settings, profile: the display name (`PATCH /users/me`).
 */
import type { AuthUser } from "@heritage/auth-client";
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { SettingsSection } from "./settings-section";

/** The server's limit on display names. */
const maxDisplayNameLength = 256;

export function ProfileSection({ user }: { user: AuthUser }) {
  const { classNames } = useHandlerOptions();
  const { t } = useI18n();
  const { app } = useAuth();
  const form = useFormState<"displayName">();
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
    if (displayName.length > maxDisplayNameLength) {
      return form.fail({
        fields: { displayName: t("validation.nameTooLong", { max: maxDisplayNameLength }) },
      });
    }
    void form.run(async () => {
      await app.updateUser({ displayName: displayName === "" ? null : displayName });
      setNotice(t("profile.saved"));
    });
  };

  return (
    <SettingsSection title={t("profile.title")}>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("profile.displayName")}
          name="displayName"
          autoComplete="name"
          defaultValue={user.displayName ?? ""}
          error={form.fieldErrors.displayName}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("common.saving")}>
          {t("profile.save")}
        </SubmitButton>
        {notice ? <StatusText>{notice}</StatusText> : null}
      </form>
    </SettingsSection>
  );
}
