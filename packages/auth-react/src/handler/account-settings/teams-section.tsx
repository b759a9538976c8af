/**
 * @module
 * Account settings, teams (contract §2.7–§2.9): the user's teams, inviting someone by e-mail (the
 * link leads to /handler/team-invitation), leaving a team, and creating one when the project lets
 * clients create teams. The server checks the user's team permissions.
 */
import type { ClientTeamCalls, ClientTeamHandle } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { isEmailLike } from "../forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { SettingsSection } from "./settings-section";

function InviteForm({
  team,
  onInvited,
}: {
  team: ClientTeamHandle;
  onInvited: (to: string) => void;
}) {
  const { urls, classNames } = useHandlerOptions();
  const form = useFormState<"email">();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const email = String(new FormData(element).get("email") ?? "").trim();
    if (!isEmailLike(email)) {
      return form.fail({ fields: { email: "Please enter a valid e-mail address." } });
    }
    void form.run(async () => {
      await team.inviteUser({
        email,
        callbackUrl: toAbsoluteUrl(`${urls.handler}/team-invitation`),
      });
      element.reset();
      onInvited(email);
    });
  };
  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
      <FormAlert message={form.formError} />
      <Field
        label={`Invite to ${team.displayName} (e-mail)`}
        name="email"
        type="email"
        autoComplete="off"
        error={form.fieldErrors.email}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel="Inviting...">
        Send invitation
      </SubmitButton>
    </form>
  );
}

export function TeamsSection({
  teams: calls,
  canCreate,
}: {
  teams: ClientTeamCalls;
  canCreate: boolean;
}) {
  const { classNames } = useHandlerOptions();
  const [teams, setTeams] = useState<ClientTeamHandle[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const createForm = useFormState<"name">();

  const load = useCallback(async () => {
    try {
      setTeams(await calls.listTeams());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Your teams could not be loaded.");
    }
  }, [calls]);

  useEffect(() => {
    void load();
  }, [load]);

  const leave = async (team: ClientTeamHandle) => {
    setError(null);
    setNotice(null);
    try {
      await team.leave();
      setNotice(`You have left ${team.displayName}.`);
      await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The team could not be left.");
    }
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const element = event.currentTarget;
    const name = String(new FormData(element).get("name") ?? "").trim();
    if (name === "") return createForm.fail({ fields: { name: "Please enter the team's name." } });
    void createForm.run(async () => {
      await calls.createTeam({ displayName: name });
      element.reset();
      setNotice(`${name} has been created.`);
      await load();
    });
  };

  return (
    <SettingsSection title="Teams">
      <FormAlert message={error} />
      {teams === null ? (
        error ? null : (
          <StatusText>Loading your teams...</StatusText>
        )
      ) : teams.length === 0 ? (
        <p className={classNames.text}>You are in no team.</p>
      ) : (
        <ul className={classNames.list}>
          {teams.map((team) => (
            <li key={team.id} className={classNames.listItem}>
              <span className={classNames.text}>
                <strong>{team.displayName}</strong>
              </span>
              <button
                type="button"
                className={classNames.secondaryButton}
                aria-label={`Leave ${team.displayName}`}
                onClick={() => void leave(team)}
              >
                Leave
              </button>
              <InviteForm
                team={team}
                onInvited={(to) => setNotice(`An invitation has been sent to ${to}.`)}
              />
            </li>
          ))}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
      {canCreate ? (
        <form ref={createForm.formRef} noValidate onSubmit={create} className={classNames.form}>
          <FormAlert message={createForm.formError} />
          <Field label="New team name" name="name" error={createForm.fieldErrors.name} />
          <SubmitButton isBusy={createForm.isBusy} busyLabel="Creating...">
            Create team
          </SubmitButton>
        </form>
      ) : null}
    </SettingsSection>
  );
}
