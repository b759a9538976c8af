/**
 * @module
 * A team's members with their team profiles (name and picture, contract §2.10; needs
 * `$read_members`), and removing one (`DELETE /team-memberships/{team}/{user}`, needs
 * `$remove_members`). The user's own row is marked; they leave with the team's Leave button.
 */
import type { ClientTeamHandle, TeamMemberProfile } from "@heritage/auth-client";
import { useCallback, useEffect, useState } from "react";
import { useHandlerOptions, useI18n } from "../../handler-options";
import { FormAlert, StatusText } from "../../handler-ui";
import type { MessageKey } from "../../i18n/en";
import { SettingsSection } from "../settings-section";

export function TeamMembers({
  team,
  userId,
  canRemove,
  version,
}: {
  team: ClientTeamHandle;
  userId: string;
  canRemove: boolean;
  /** Changes when a profile was edited elsewhere: the list loads again. */
  version: number;
}) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const memberName = (profile: TeamMemberProfile) =>
    profile.displayName ?? t("teamMembers.unnamed");
  const [members, setMembers] = useState<TeamMemberProfile[] | null>(null);
  // As thrown, with the text for a failure that says nothing: shown in the pages' language.
  const [error, setError] = useState<{ caught: unknown; fallback: MessageKey } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a fresh list.
  const load = useCallback(async () => {
    try {
      setMembers(await team.listUsers());
    } catch (caught) {
      setError({ caught, fallback: "teamMembers.notLoaded" });
    }
  }, [team, version]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (member: TeamMemberProfile) => {
    setBusyId(member.userId);
    setError(null);
    setNotice(null);
    try {
      await team.removeUser(member.userId);
      await load();
      setNotice(t("teamMembers.removed", { member: memberName(member), team: team.displayName }));
    } catch (caught) {
      setError({ caught, fallback: "teamMembers.notRemoved" });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SettingsSection
      title={t("teamMembers.title", { team: team.displayName })}
      level={3}
      // Removing disables the focused button, then takes it away with its row.
      view={busyId !== null ? "removing" : (notice ?? undefined)}
    >
      <FormAlert message={error ? errorText(error.caught, error.fallback) : null} />
      {members === null ? (
        error ? null : (
          <StatusText>{t("teamMembers.loading")}</StatusText>
        )
      ) : (
        <ul className={classNames.list}>
          {members.map((member) => (
            <li key={member.userId} className={classNames.listItem}>
              {member.profileImageUrl ? (
                // The name beside it says who it is: the picture is decoration.
                <img src={member.profileImageUrl} alt="" width={32} height={32} />
              ) : null}
              <span className={classNames.text}>
                {memberName(member)}
                {member.userId === userId ? ` ${t("teamMembers.you")}` : ""}
              </span>
              {canRemove && member.userId !== userId ? (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={t("teamMembers.removeNamed", {
                    member: memberName(member),
                    team: team.displayName,
                  })}
                  onClick={() => void remove(member)}
                >
                  {busyId === member.userId ? t("teamMembers.removing") : t("teamMembers.remove")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
    </SettingsSection>
  );
}
