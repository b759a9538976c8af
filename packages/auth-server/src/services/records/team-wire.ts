/**
 * The team on the wire (contract §2.7): what client access sees, and what server and admin access
 * see on top. The user's `selected_team` (user-wire.ts) is one of these too.
 * @module
 */
import type { ClientTeam, ServerTeam } from "@heritage/auth-protocol";
import type { TeamRow } from "../../db/schema";

/** The team as client access sees it (contract §2.7). */
export function toClientTeam(team: TeamRow): ClientTeam {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: (team.clientMetadata ?? null) as ClientTeam["client_metadata"],
    client_read_only_metadata: (team.clientReadOnlyMetadata ??
      null) as ClientTeam["client_read_only_metadata"],
  };
}

/** The team as server and admin access see it. */
export function toServerTeam(team: TeamRow): ServerTeam {
  return {
    ...toClientTeam(team),
    created_at_millis: team.createdAt.getTime(),
    server_metadata: (team.serverMetadata ?? null) as ServerTeam["server_metadata"],
  };
}
