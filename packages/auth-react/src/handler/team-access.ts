/**
 * @module
 * The team calls of the provider's app, when it has them: a client app has them, while the
 * provider's type only promises the calls every access level shares.
 */
import type { ClientTeamCalls } from "@heritage/auth-client";
import { useAuth } from "../hooks/use-auth";

function isClientTeamCalls(app: object): app is ClientTeamCalls {
  const calls = app as Partial<Record<keyof ClientTeamCalls, unknown>>;
  return (
    typeof calls.listTeams === "function" &&
    typeof calls.createTeam === "function" &&
    typeof calls.getTeamInvitationDetails === "function" &&
    typeof calls.acceptTeamInvitation === "function"
  );
}

/** The app's team calls, or null when the app has none (the pages then say so). */
export function useTeamCalls(): ClientTeamCalls | null {
  const { app } = useAuth();
  return isClientTeamCalls(app) ? app : null;
}
