/**
 * @module
 * Account settings, teams (contract §2.7–§2.12): the user's teams, which one is current (the
 * user's selected team), leaving one, creating one when the project lets clients create teams,
 * and per team (team-panel) what the user's team permissions allow: rename, members, invitations,
 * API keys, delete. The server checks the permissions again on every call.
 */
import type { AuthUser, ClientTeamAccess, ClientTeamHandle } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAuth } from "../../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../../handler-ui";
import type { MessageKey } from "../../i18n/en";
import { SettingsSection } from "../settings-section";
import { TeamRow } from "./team-row";

export function TeamsSection({
  teams: calls,
  canCreate,
  allowTeamApiKeys,
}: {
  teams: ClientTeamAccess;
  canCreate: boolean;
  allowTeamApiKeys: boolean;
}) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, user } = useAuth<AuthUser>();
  const [teams, setTeams] = useState<ClientTeamHandle[] | null>(null);
  // As thrown, with the text for a failure that says nothing: shown in the pages' language.
  const [error, setError] = useState<{ caught: unknown; fallback: MessageKey } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const createForm = useFormState<"name">();

  const load = useCallback(async () => {
    try {
      setTeams(await calls.listTeams());
    } catch (caught) {
      setError({ caught, fallback: "teams.notLoaded" });
    }
  }, [calls]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a row's action with the row's buttons waiting; the notice follows the new list. */
  const runRowAction = async (
    team: ClientTeamHandle,
    action: () => Promise<string>,
    failure: MessageKey,
  ) => {
    setBusyId(team.id);
    setError(null);
    setNotice(null);
    try {
      const done = await action();
      await load();
      setNotice(done);
    } catch (caught) {
      setError({ caught, fallback: failure });
    } finally {
      setBusyId(null);
    }
  };

  const leave = (team: ClientTeamHandle) =>
    runRowAction(
      team,
      async () => {
        await team.leave();
        return t("teams.left", { team: team.displayName });
      },
      "teams.notLeft",
    );

  const select = (team: ClientTeamHandle) =>
    runRowAction(
      team,
      async () => {
        await app.updateUser({ selectedTeamId: team.id });
        return t("teams.selected", { team: team.displayName });
      },
      "teams.notSelected",
    );

  const deleted = async (name: string) => {
    setError(null);
    await load();
    setNotice(t("teams.deleted", { team: name }));
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const element = event.currentTarget;
    const name = String(new FormData(element).get("name") ?? "").trim();
    if (name === "") return createForm.fail({ fields: { name: t("teams.enterName") } });
    void createForm.run(async () => {
      await calls.createTeam({ displayName: name });
      element.reset();
      setNotice(t("teams.created", { team: name }));
      await load();
    });
  };

  return (
    <SettingsSection
      title={t("teams.title")}
      // Leaving or deleting takes the focused button away with its row; selecting replaces it.
      view={busyId !== null ? "busy" : (notice ?? undefined)}
    >
      <FormAlert message={error ? errorText(error.caught, error.fallback) : null} />
      {teams === null ? (
        error ? null : (
          <StatusText>{t("teams.loading")}</StatusText>
        )
      ) : teams.length === 0 ? (
        <p className={classNames.text}>{t("teams.none")}</p>
      ) : (
        <ul className={classNames.list}>
          {teams.map((team) => (
            <TeamRow
              key={team.id}
              team={team}
              isSelected={user?.selectedTeamId === team.id}
              busy={busyId !== null}
              onSelect={() => void select(team)}
              onLeave={() => void leave(team)}
              panel={{
                calls,
                keys: app,
                userId: user?.id ?? "",
                allowTeamApiKeys,
                onChanged: load,
                onDeleted: deleted,
              }}
            />
          ))}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
      {canCreate ? (
        <form ref={createForm.formRef} noValidate onSubmit={create} className={classNames.form}>
          <FormAlert message={createForm.formError} />
          <Field label={t("teams.newTeamName")} name="name" error={createForm.fieldErrors.name} />
          <SubmitButton isBusy={createForm.isBusy} busyLabel={t("common.creating")}>
            {t("teams.create")}
          </SubmitButton>
        </form>
      ) : null}
    </SettingsSection>
  );
}
