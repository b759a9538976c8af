/**
 * @module
 * The signed-in user's permissions in one team (contract §2.11, listed recursively so a
 * `team_admin` grant counts as its six system permissions). The teams section shows each action
 * only to members who hold its permission; the server checks them again on every call.
 */
import type { UserPermissionCalls } from "@heritage/auth-client";
import { useEffect, useState } from "react";

/** The system team permissions the teams section asks about. */
export type TeamPermission =
  | "$update_team"
  | "$delete_team"
  | "$read_members"
  | "$remove_members"
  | "$invite_members"
  | "$manage_api_keys";

export type TeamPermissionsState =
  | { status: "loading" }
  /** `error` as thrown: the panel shows it in the pages' language. */
  | { status: "error"; error: unknown }
  | { status: "ready"; has(permission: TeamPermission): boolean };

export function useTeamPermissions(
  calls: UserPermissionCalls,
  teamId: string,
): TeamPermissionsState {
  const [state, setState] = useState<TeamPermissionsState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    calls.listPermissions({ teamId, recursive: true }).then(
      (granted) => {
        const ids = new Set(granted.map((permission) => permission.id));
        if (current) setState({ status: "ready", has: (permission) => ids.has(permission) });
      },
      (caught: unknown) => {
        if (current) setState({ status: "error", error: caught });
      },
    );
    return () => {
      current = false;
    };
  }, [calls, teamId]);
  return state;
}
