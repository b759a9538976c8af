/**
 * @module
 * The user's own member profile in a team (contract §2.10): the name the other members see. Left
 * empty, the team shows the account's display name.
 */
import type { ClientTeamHandle, TeamMemberProfile } from "@heritage/auth-client";
import { type FormEvent, useEffect, useState } from "react";
import { useHandlerOptions } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";
import { SettingsSection } from "../settings-section";

/** The server's limit on display names. */
const maxNameLength = 256;

export function TeamProfile({ team, onSaved }: { team: ClientTeamHandle; onSaved: () => void }) {
  const { classNames } = useHandlerOptions();
  const form = useFormState<"displayName">();
  const [profile, setProfile] = useState<TeamMemberProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    team.getMyProfile().then(
      (loaded) => {
        if (current) setProfile(loaded);
      },
      (caught: unknown) => {
        const message =
          caught instanceof Error
            ? caught.message
            : "Your profile in the team could not be loaded.";
        if (current) setLoadError(message);
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
        fields: { displayName: `The name can have at most ${maxNameLength} characters.` },
      });
    }
    void form.run(async () => {
      setProfile(await team.updateMyProfile({ displayName: name === "" ? null : name }));
      setNotice(`Your name in ${team.displayName} has been saved.`);
      onSaved();
    });
  };

  return (
    <SettingsSection title={`Your profile in ${team.displayName}`} level={3}>
      <FormAlert message={loadError} />
      {profile === null ? (
        loadError ? null : (
          <StatusText>Loading your profile in the team...</StatusText>
        )
      ) : (
        <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
          <FormAlert message={form.formError} />
          <Field
            label="Your name in this team"
            name="displayName"
            autoComplete="name"
            defaultValue={profile.displayName ?? ""}
            hint="Left empty, the team shows your account's name."
            error={form.fieldErrors.displayName}
          />
          <SubmitButton isBusy={form.isBusy} busyLabel="Saving...">
            Save name in team
          </SubmitButton>
          {notice ? <StatusText>{notice}</StatusText> : null}
        </form>
      )}
    </SettingsSection>
  );
}
