/**
 * @module
 * Test support: a fake of the team endpoints for the account settings' component tests. It keeps
 * the teams, members, invitations and team keys, so the page's reloads see every change, and grants
 * the signed-in user the team permissions a test names.
 */
import {
  type FakeRoutes,
  type RecordedRequest,
  userId,
  wireProject,
  wireUser,
} from "../../handler-test-harness";

export const teamId = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
export const otherTeamId = "ffffffff-ffff-4fff-8fff-ffffffffffff";
export const memberId = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
export const invitationId = "99999999-9999-4999-8999-999999999999";
export const teamKeyId = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
export const teamKeyValue = "sk_team_full_value_t3am";

export const allTeamPermissions = [
  "$update_team",
  "$delete_team",
  "$read_members",
  "$remove_members",
  "$invite_members",
  "$manage_api_keys",
];
/** What the `team_member` default grants (contract §2.11). */
export const memberPermissions = ["$read_members", "$invite_members"];

export function wireTeam(id: string, name: string) {
  return {
    id,
    display_name: name,
    profile_image_url: null,
    client_metadata: null,
    client_read_only_metadata: null,
  };
}

function wireProfile(id: string, name: string | null, picture: string | null = null) {
  return { team_id: teamId, user_id: id, display_name: name, profile_image_url: picture };
}

const list = (items: unknown[]) => Response.json({ items, is_paginated: false });

export function teamRoutes(
  options: { permissions?: string[]; canCreate?: boolean; teamKeys?: boolean } = {},
): FakeRoutes {
  const permissions = options.permissions ?? allTeamPermissions;
  let teams = [wireTeam(teamId, "Archive"), wireTeam(otherTeamId, "Choir")];
  let selectedTeamId: string | null = null;
  let members = [
    wireProfile(userId, "Ana"),
    wireProfile(memberId, "Edin", "data:image/png;base64,iVBORw0KGgo="),
  ];
  let invitations = [
    {
      id: invitationId,
      team_id: teamId,
      team_display_name: "Archive",
      expires_at_millis: Date.UTC(2030, 0, 15),
      recipient_email: "mirza@example.org",
    },
  ];
  let keys: Record<string, unknown>[] = [];
  const keyBase = (description: unknown) => ({
    id: teamKeyId,
    description,
    created_at_millis: Date.now(),
    is_public: false,
    type: "team",
    team_id: teamId,
  });
  const user = () =>
    wireUser({
      selected_team_id: selectedTeamId,
      selected_team: teams.find((team) => team.id === selectedTeamId) ?? null,
    });
  return {
    "GET /contact-channels": () => list([]),
    "GET /projects/current": () =>
      Response.json(
        wireProject({
          client_team_creation_enabled: options.canCreate ?? false,
          allow_team_api_keys: options.teamKeys ?? false,
        }),
      ),
    "GET /users/me": () => Response.json(user()),
    "PATCH /users/me": ({ body }: RecordedRequest) => {
      selectedTeamId = (body?.selected_team_id as string | null | undefined) ?? selectedTeamId;
      return Response.json(user());
    },
    "GET /teams": () => list(teams),
    "POST /teams": ({ body }: RecordedRequest) => {
      const team = wireTeam("abababab-abab-4bab-8bab-abababababab", String(body?.display_name));
      teams = [...teams, team];
      return Response.json(team, { status: 201 });
    },
    [`PATCH /teams/${teamId}`]: ({ body }: RecordedRequest) => {
      teams = teams.map((team) =>
        team.id === teamId ? { ...team, display_name: String(body?.display_name) } : team,
      );
      return Response.json(teams.find((team) => team.id === teamId));
    },
    [`DELETE /teams/${teamId}`]: () => {
      teams = teams.filter((team) => team.id !== teamId);
      return Response.json({ success: true });
    },
    "GET /team-permissions": () =>
      list(permissions.map((id) => ({ id, user_id: userId, team_id: teamId }))),
    "GET /team-member-profiles": () => list(members),
    [`GET /team-member-profiles/${teamId}/me`]: () =>
      Response.json(members.find((member) => member.user_id === userId)),
    [`PATCH /team-member-profiles/${teamId}/me`]: ({ body }: RecordedRequest) => {
      members = members.map((member) =>
        member.user_id === userId
          ? { ...member, display_name: (body?.display_name as string | null) ?? null }
          : member,
      );
      return Response.json(members.find((member) => member.user_id === userId));
    },
    [`DELETE /team-memberships/${teamId}/${memberId}`]: () => {
      members = members.filter((member) => member.user_id !== memberId);
      return Response.json({ success: true });
    },
    [`DELETE /team-memberships/${teamId}/me`]: () => {
      teams = teams.filter((team) => team.id !== teamId);
      return Response.json({ success: true });
    },
    "GET /team-invitations": () => list(invitations),
    "POST /team-invitations/send-code": ({ body }: RecordedRequest) => {
      invitations = [
        ...invitations,
        {
          id: "88888888-8888-4888-8888-888888888888",
          team_id: teamId,
          team_display_name: "Archive",
          expires_at_millis: Date.UTC(2030, 0, 16),
          recipient_email: String(body?.email),
        },
      ];
      return Response.json({ success: true, id: "88888888-8888-4888-8888-888888888888" });
    },
    [`DELETE /team-invitations/${invitationId}`]: () => {
      invitations = invitations.filter((invitation) => invitation.id !== invitationId);
      return Response.json({ success: true });
    },
    "GET /team-api-keys": () => list(keys),
    "POST /team-api-keys": ({ body }: RecordedRequest) => {
      keys = [{ ...keyBase(body?.description), value: { last_four: "t3am" } }];
      return Response.json({ ...keyBase(body?.description), value: teamKeyValue });
    },
    [`PATCH /team-api-keys/${teamKeyId}`]: () => {
      keys = keys.map((key) => ({ ...key, manually_revoked_at_millis: Date.now() }));
      return Response.json(keys[0]);
    },
  };
}
