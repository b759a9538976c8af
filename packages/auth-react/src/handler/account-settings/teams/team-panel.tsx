/**
 * @module
 * What a member can do in one team, opened from the team's row: their own profile in the team,
 * and, each shown only with its permission, renaming, the members, invitations, the team's API
 * keys and deleting the team.
 */
import type { ApiKeyCalls, ClientTeamAccess, ClientTeamHandle } from "@heritage/auth-client";
import { useState } from "react";
import { useI18n } from "../../handler-options";
import { FormAlert, StatusText } from "../../handler-ui";
import { TeamApiKeys } from "./team-api-keys";
import { TeamDelete } from "./team-delete";
import { TeamInvitations } from "./team-invitations";
import { TeamMembers } from "./team-members";
import { TeamProfile } from "./team-profile";
import { TeamRename } from "./team-rename";
import { useTeamPermissions } from "./use-team-permissions";

export interface TeamPanelProps {
  id: string;
  team: ClientTeamHandle;
  calls: ClientTeamAccess;
  /** The user's and their teams' key calls (the app). */
  keys: ApiKeyCalls;
  userId: string;
  allowTeamApiKeys: boolean;
  /** The team list loads again (after a rename). */
  onChanged: () => Promise<void>;
  onDeleted: (name: string) => Promise<void>;
}

export function TeamPanel({
  id,
  team,
  calls,
  keys,
  userId,
  allowTeamApiKeys,
  onChanged,
  onDeleted,
}: TeamPanelProps) {
  const { t, errorText } = useI18n();
  const permissions = useTeamPermissions(calls, team.id);
  const [profileVersion, setProfileVersion] = useState(0);
  return (
    // A whole line of the team's row (rows are often laid out as wrapping flex lines).
    <div id={id} style={{ flexBasis: "100%" }}>
      {permissions.status === "loading" ? (
        <StatusText>{t("teams.loadingPermissions", { team: team.displayName })}</StatusText>
      ) : permissions.status === "error" ? (
        <FormAlert message={errorText(permissions.error, "teams.permissionsNotLoaded")} />
      ) : (
        <>
          {permissions.has("$update_team") ? (
            <TeamRename team={team} onRenamed={onChanged} />
          ) : null}
          <TeamProfile team={team} onSaved={() => setProfileVersion((version) => version + 1)} />
          {permissions.has("$read_members") ? (
            <TeamMembers
              team={team}
              userId={userId}
              canRemove={permissions.has("$remove_members")}
              version={profileVersion}
            />
          ) : null}
          {permissions.has("$invite_members") ? (
            <TeamInvitations
              team={team}
              canList={permissions.has("$read_members")}
              canRevoke={permissions.has("$remove_members")}
            />
          ) : null}
          {allowTeamApiKeys && permissions.has("$manage_api_keys") ? (
            <TeamApiKeys team={team} calls={keys} />
          ) : null}
          {permissions.has("$delete_team") ? (
            <TeamDelete team={team} onDeleted={onDeleted} />
          ) : null}
        </>
      )}
    </div>
  );
}
