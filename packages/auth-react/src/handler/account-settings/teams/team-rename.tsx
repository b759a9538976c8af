/**
 * @module
 * Renaming a team (`PATCH /teams/{id}`, needs `$update_team`).
 */
import type { ClientTeamHandle } from "@heritage/auth-client";
import { type FormEvent, useState } from "react";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";

/** The server's limit on display names. */
const maxNameLength = 256;

export function TeamRename({
  team,
  onRenamed,
}: {
  team: ClientTeamHandle;
  onRenamed: () => Promise<void>;
}) {
  const { classNames } = useHandlerOptions();
  const { t } = useI18n();
  const form = useFormState<"name">();
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (name === "") return form.fail({ fields: { name: t("teams.enterName") } });
    if (name.length > maxNameLength) {
      return form.fail({ fields: { name: t("validation.nameTooLong", { max: maxNameLength }) } });
    }
    void form.run(async () => {
      await team.update({ displayName: name });
      await onRenamed();
      setNotice(t("teamRename.renamed", { name }));
    });
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
      <FormAlert message={form.formError} />
      <Field
        label={t("teamRename.nameLabel")}
        name="name"
        autoComplete="off"
        defaultValue={team.displayName}
        error={form.fieldErrors.name}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel={t("teamRename.busy")}>
        {t("teamRename.submit")}
      </SubmitButton>
      {notice ? <StatusText>{notice}</StatusText> : null}
    </form>
  );
}
