/**
 * @module
 * The team calls of the provider's app, when it has them: a client app has them, while the
 * provider's type only promises the calls every access level shares.
 */
import type { ClientTeamAccess } from "@heritage/auth-client";
import { useAuth } from "../hooks/use-auth";

function isClientTeamAccess(app: object): app is ClientTeamAccess {
  const calls = app as Partial<Record<keyof ClientTeamAccess, unknown>>;
  return (
    typeof calls.listTeams === "function" &&
    typeof calls.listPermissions === "function" &&
    typeof calls.createTeam === "function" &&
    typeof calls.getTeamInvitationDetails === "function" &&
    typeof calls.acceptTeamInvitation === "function"
  );
}

/**
 * The app's team calls and the user's team permissions, or null when the app has none (the pages
 * then say so).
 */
export function useTeamCalls(): ClientTeamAccess | null {
  const { app } = useAuth();
  return isClientTeamAccess(app) ? app : null;
}
