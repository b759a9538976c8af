/**
 * @module
 * The user's own member profile in a team (contract §2.10): the name the other members see. Left
 * empty, the team shows the account's display name.
 */
import type { ClientTeamHandle, TeamMemberProfile } from "@heritage/auth-client";
import { type FormEvent, useEffect, useState } from "react";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";
import { SettingsSection } from "../settings-section";

/** The server's limit on display names. */
const maxNameLength = 256;

export function TeamProfile({ team, onSaved }: { team: ClientTeamHandle; onSaved: () => void }) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const form = useFormState<"displayName">();
  const [profile, setProfile] = useState<TeamMemberProfile | null>(null);
  // As thrown: shown in the pages' language.
  const [loadError, setLoadError] = useState<{ caught: unknown } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    team.getMyProfile().then(
      (loaded) => {
        if (current) setProfile(loaded);
      },
      (caught: unknown) => {
        if (current) setLoadError({ caught });
      },
    );
    return () => {
      current = false;
    };
  }, [team]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const name = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
    if (name.length > maxNameLength) {
      return form.fail({
        fields: { displayName: t("validation.nameTooLong", { max: maxNameLength }) },
      });
    }
    void form.run(async () => {
      setProfile(await team.updateMyProfile({ displayName: name === "" ? null : name }));
      setNotice(t("teamProfile.saved", { team: team.displayName }));
      onSaved();
    });
  };

  return (
    <SettingsSection title={t("teamProfile.title", { team: team.displayName })} level={3}>
      <FormAlert
        message={loadError ? errorText(loadError.caught, "teamProfile.notLoaded") : null}
      />
      {profile === null ? (
        loadError ? null : (
          <StatusText>{t("teamProfile.loading")}</StatusText>
        )
      ) : (
        <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
          <FormAlert message={form.formError} />
          <Field
            label={t("teamProfile.nameLabel")}
            name="displayName"
            autoComplete="name"
            defaultValue={profile.displayName ?? ""}
            hint={t("teamProfile.nameHint")}
            error={form.fieldErrors.displayName}
          />
          <SubmitButton isBusy={form.isBusy} busyLabel={t("common.saving")}>
            {t("teamProfile.save")}
          </SubmitButton>
          {notice ? <StatusText>{notice}</StatusText> : null}
        </form>
      )}
    </SettingsSection>
  );
}
