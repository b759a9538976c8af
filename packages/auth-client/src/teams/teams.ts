/**
 * @module
 * Teams (contract §2.7–§2.10): the signed-in user's teams with client access, every team with server
 * access. Teams are handed out as handles: the team's fields plus the calls on it (update, delete,
 * members, invitations, member profiles). Redeeming an invitation link's code is an `AuthResult`,
 * like the other code-redeeming calls.
 */
import {
  type ClientTeam,
  type ClientTeamMemberProfile,
  clientTeamMemberProfileSchema,
  clientTeamSchema,
  isKnownError,
  listEnvelopeSchema,
  type ServerTeam,
  type ServerTeamMemberProfile,
  sendTeamInvitationResponseSchema,
  serverTeamMemberProfileSchema,
  serverTeamSchema,
  type TeamInvitation,
  teamInvitationDetailsSchema,
  teamInvitationSchema,
} from "@heritage/auth-protocol";
import {
  attachCustomerCalls,
  type CustomerCalls,
  createClientPaymentCalls,
  createServerPaymentCalls,
  type Item,
  type ServerItem,
} from "../admin/payment-calls";
import { type AppCore, type AuthResult, parseResponse, type ResponseSchema } from "../calls-core";
import {
  type AuthServerTeam,
  type AuthServerUser,
  type AuthTeam,
  type Metadata,
  toAuthServerUser,
} from "../users/users";

/** What a member with `$update_team` may change (client access). */
export interface TeamUpdate {
  displayName?: string;
  /** Client access: a `data:image/…;base64,` URL. */
  profileImageUrl?: string | null;
  clientMetadata?: Metadata;
}

export interface ServerTeamUpdate extends TeamUpdate {
  clientReadOnlyMetadata?: Metadata;
  serverMetadata?: Metadata;
}

export interface TeamCreate extends TeamUpdate {
  displayName: string;
}

export interface ServerTeamCreate extends ServerTeamUpdate {
  displayName: string;
  /** Joins the team with the creator's default permissions; none when omitted. */
  creatorUserId?: string;
}

/** An open invitation to a team. */
export interface TeamInvitationInfo {
  id: string;
  teamId: string;
  teamDisplayName: string;
  expiresAt: Date;
  recipientEmail: string | null;
}

/** A member's name and picture in one team (the user's own when the member set none). */
export interface TeamMemberProfile {
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface ServerTeamMemberProfileInfo extends TeamMemberProfile {
  user: AuthServerUser;
}

export interface ProfileUpdate {
  displayName?: string | null;
  profileImageUrl?: string | null;
}

/** Calls on a team every access level has. */
interface TeamHandleCalls<Profile> {
  /** `POST /team-invitations/send-code`: mails a link to `callbackUrl` with `?code=`. */
  inviteUser(input: { email: string; callbackUrl: string }): Promise<{ invitationId: string }>;
  /** `GET /team-invitations?team_id=`: open invitations. */
  listInvitations(): Promise<TeamInvitationInfo[]>;
  /** `DELETE /team-invitations/{id}?team_id=`. */
  revokeInvitation(invitationId: string): Promise<void>;
  /** `GET /team-member-profiles?team_id=`: the members, oldest first. */
  listUsers(): Promise<Profile[]>;
  /**
   * `DELETE /team-memberships/{id}/{userId}`; with client access removing someone else needs
   * `$remove_members` in the team.
   */
  removeUser(userId: string): Promise<void>;
  /** `DELETE /teams/{id}`. */
  delete(): Promise<void>;
}

/** A team of the signed-in user (client access). */
export interface ClientTeamHandle
  extends AuthTeam,
    TeamHandleCalls<TeamMemberProfile>,
    CustomerCalls<Item> {
  /** `PATCH /teams/{id}` (needs `$update_team`); resolves with the updated team. */
  update(patch: TeamUpdate): Promise<ClientTeamHandle>;
  /** `PATCH /team-member-profiles/{id}/me`. */
  updateMyProfile(patch: ProfileUpdate): Promise<TeamMemberProfile>;
  /** `GET /team-member-profiles/{id}/me`. */
  getMyProfile(): Promise<TeamMemberProfile>;
  /** `DELETE /team-memberships/{id}/me`. */
  leave(): Promise<void>;
}

/** A team as server access sees and manages it. */
export interface ServerTeamHandle
  extends AuthServerTeam,
    TeamHandleCalls<ServerTeamMemberProfileInfo>,
    CustomerCalls<ServerItem> {
  update(patch: ServerTeamUpdate): Promise<ServerTeamHandle>;
  /** `POST /team-memberships/{id}/{userId}`: joins with the member default permissions. */
  addUser(userId: string): Promise<void>;
  /** `PATCH /team-member-profiles/{id}/{userId}`. */
  updateUserProfile(userId: string, patch: ProfileUpdate): Promise<ServerTeamMemberProfileInfo>;
}

/** Redeeming the code of an invitation link (every access level). */
export interface TeamInvitationCodeCalls {
  /** `POST /team-invitations/accept/check-code`: whether the code can still be accepted. */
  verifyTeamInvitationCode(code: string): Promise<AuthResult<void>>;
  /** `POST /team-invitations/accept/details` (signed in): which team the code invites to. */
  getTeamInvitationDetails(
    code: string,
  ): Promise<AuthResult<{ teamId: string; teamDisplayName: string }>>;
  /** `POST /team-invitations/accept`: the signed-in user joins (their verified e-mail must match). */
  acceptTeamInvitation(code: string): Promise<AuthResult<void>>;
}

export interface ClientTeamCalls extends TeamInvitationCodeCalls {
  /** `GET /teams?user_id=me`, oldest first. */
  listTeams(): Promise<ClientTeamHandle[]>;
  /** `GET /teams/{id}`; null when there is no such team or the user is not in it. */
  getTeam(teamId: string): Promise<ClientTeamHandle | null>;
  /** `POST /teams` with the signed-in user as creator (if the project allows client creation). */
  createTeam(input: TeamCreate): Promise<ClientTeamHandle>;
  /** `GET /team-invitations?user_id=me`: open invitations to the user's verified addresses. */
  listTeamInvitations(): Promise<TeamInvitationInfo[]>;
}

export interface ServerTeamCalls extends TeamInvitationCodeCalls {
  /** `GET /teams`: every team, or the teams of `userId`; oldest first. */
  listTeams(options?: { userId?: string }): Promise<ServerTeamHandle[]>;
  /** `GET /teams/{id}`; null when there is no such team. */
  getTeam(teamId: string): Promise<ServerTeamHandle | null>;
  /** `POST /teams`. */
  createTeam(input: ServerTeamCreate): Promise<ServerTeamHandle>;
}

const wireNames = {
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  creatorUserId: "creator_user_id",
} as const;

function toWireBody(input: ServerTeamCreate | ServerTeamUpdate | ProfileUpdate) {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && Object.hasOwn(wireNames, key)) {
      body[wireNames[key as keyof typeof wireNames]] = value;
    }
  }
  return body;
}

function toTeamFields(team: ClientTeam): AuthTeam {
  return {
    id: team.id,
    displayName: team.display_name,
    profileImageUrl: team.profile_image_url,
    clientMetadata: team.client_metadata,
    clientReadOnlyMetadata: team.client_read_only_metadata,
  };
}

function toInvitation(wire: TeamInvitation): TeamInvitationInfo {
  return {
    id: wire.id,
    teamId: wire.team_id,
    teamDisplayName: wire.team_display_name,
    expiresAt: new Date(wire.expires_at_millis),
    recipientEmail: wire.recipient_email,
  };
}

function toProfile(wire: ClientTeamMemberProfile): TeamMemberProfile {
  return {
    teamId: wire.team_id,
    userId: wire.user_id,
    displayName: wire.display_name,
    profileImageUrl: wire.profile_image_url,
  };
}

function toServerProfile(wire: ServerTeamMemberProfile): ServerTeamMemberProfileInfo {
  return { ...toProfile(wire), user: toAuthServerUser(wire.user) };
}

const clientTeamList = listEnvelopeSchema(clientTeamSchema);
const serverTeamList = listEnvelopeSchema(serverTeamSchema);
const invitationList = listEnvelopeSchema(teamInvitationSchema);
const clientProfileList = listEnvelopeSchema(clientTeamMemberProfileSchema);
const serverProfileList = listEnvelopeSchema(serverTeamMemberProfileSchema);

const teamPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;
const profilePath = (teamId: string, userId: string) =>
  `/team-member-profiles/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`;
const membershipPath = (teamId: string, userId: string) =>
  `/team-memberships/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`;

/** Sends with the app's session for client access; server access acts as itself. */
function createSender(core: AppCore, withSession: boolean) {
  const session = withSession ? core.session : null;
  return {
    async get<T>(
      path: string,
      schema: ResponseSchema<T>,
      query?: Record<string, string | undefined>,
    ) {
      return parseResponse(await core.send(path, { session, ...(query ? { query } : {}) }), schema);
    },
    async write<T>(
      method: "POST" | "PATCH",
      path: string,
      body: unknown,
      schema: ResponseSchema<T>,
    ) {
      return parseResponse(await core.send(path, { method, body, session }), schema);
    },
    async remove(path: string, query?: Record<string, string | undefined>) {
      await core.send(path, { method: "DELETE", body: {}, session, ...(query ? { query } : {}) });
    },
  };
}

function createSharedTeamCalls<Profile>(
  sender: ReturnType<typeof createSender>,
  teamId: string,
  listUsers: () => Promise<Profile[]>,
): TeamHandleCalls<Profile> {
  return {
    async inviteUser({ email, callbackUrl }) {
      const body = { team_id: teamId, email, callback_url: callbackUrl };
      const sent = await sender.write(
        "POST",
        "/team-invitations/send-code",
        body,
        sendTeamInvitationResponseSchema,
      );
      return { invitationId: sent.id };
    },
    async listInvitations() {
      const page = await sender.get("/team-invitations", invitationList, { team_id: teamId });
      return page.items.map(toInvitation);
    },
    async revokeInvitation(invitationId) {
      await sender.remove(`/team-invitations/${encodeURIComponent(invitationId)}`, {
        team_id: teamId,
      });
    },
    listUsers,
    async removeUser(userId) {
      await sender.remove(membershipPath(teamId, userId));
    },
    async delete() {
      await sender.remove(teamPath(teamId));
    },
  };
}

function createInvitationCodeCalls(core: AppCore): TeamInvitationCodeCalls {
  const { send, session } = core;
  const post = async <T>(path: string, code: string, read: (response: Response) => Promise<T>) => {
    try {
      const response = await send(path, { method: "POST", body: { code }, session });
      return { status: "ok", data: await read(response) } as const;
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error } as const;
      throw error;
    }
  };
  return {
    verifyTeamInvitationCode: (code) =>
      post("/team-invitations/accept/check-code", code, async () => undefined),
    getTeamInvitationDetails: (code) =>
      post("/team-invitations/accept/details", code, async (response) => {
        const details = await parseResponse(response, teamInvitationDetailsSchema);
        return { teamId: details.team_id, teamDisplayName: details.team_display_name };
      }),
    acceptTeamInvitation: (code) => post("/team-invitations/accept", code, async () => undefined),
  };
}

/** Team calls of the client access level (as the signed-in user). */
export function createClientTeamCalls(core: AppCore): ClientTeamCalls {
  const sender = createSender(core, true);
  const payments = createClientPaymentCalls(core);
  const toPlainHandle = (team: ClientTeam): Omit<ClientTeamHandle, keyof CustomerCalls> => ({
    ...toTeamFields(team),
    ...createSharedTeamCalls(sender, team.id, async () => {
      const page = await sender.get("/team-member-profiles", clientProfileList, {
        team_id: team.id,
      });
      return page.items.map(toProfile);
    }),
    async update(patch) {
      return toHandle(
        await sender.write("PATCH", teamPath(team.id), toWireBody(patch), clientTeamSchema),
      );
    },
    async updateMyProfile(patch) {
      const path = profilePath(team.id, "me");
      return toProfile(
        await sender.write("PATCH", path, toWireBody(patch), clientTeamMemberProfileSchema),
      );
    },
    async getMyProfile() {
      return toProfile(await sender.get(profilePath(team.id, "me"), clientTeamMemberProfileSchema));
    },
    async leave() {
      await sender.remove(membershipPath(team.id, "me"));
    },
  });
  // Teams are payment customers: `team.getItem`, `team.createCheckoutUrl` (payment-calls.ts).
  const toHandle = (team: ClientTeam): ClientTeamHandle =>
    attachCustomerCalls(toPlainHandle(team), payments, { teamId: team.id });
  return {
    ...createInvitationCodeCalls(core),
    async listTeams() {
      const page = await sender.get("/teams", clientTeamList, { user_id: "me" });
      return page.items.map(toHandle);
    },
    async getTeam(teamId) {
      try {
        return toHandle(await sender.get(teamPath(teamId), clientTeamSchema));
      } catch (error) {
        if (
          isKnownError(error, "TEAM_NOT_FOUND") ||
          isKnownError(error, "TEAM_MEMBERSHIP_NOT_FOUND")
        ) {
          return null;
        }
        throw error;
      }
    },
    async createTeam(input) {
      const body = { ...toWireBody(input), creator_user_id: "me" };
      return toHandle(await sender.write("POST", "/teams", body, clientTeamSchema));
    },
    async listTeamInvitations() {
      const page = await sender.get("/team-invitations", invitationList, { user_id: "me" });
      return page.items.map(toInvitation);
    },
  };
}

/** Team calls of the server and admin access levels (any team, any user). */
export function createServerTeamCalls(core: AppCore): ServerTeamCalls {
  const sender = createSender(core, false);
  const payments = createServerPaymentCalls(core);
  const toPlainHandle = (team: ServerTeam): Omit<ServerTeamHandle, keyof CustomerCalls> => ({
    ...toTeamFields(team),
    createdAt: new Date(team.created_at_millis),
    serverMetadata: team.server_metadata,
    ...createSharedTeamCalls(sender, team.id, async () => {
      const page = await sender.get("/team-member-profiles", serverProfileList, {
        team_id: team.id,
      });
      return page.items.map(toServerProfile);
    }),
    async update(patch) {
      return toHandle(
        await sender.write("PATCH", teamPath(team.id), toWireBody(patch), serverTeamSchema),
      );
    },
    async addUser(userId) {
      await core.send(membershipPath(team.id, userId), { method: "POST", body: {} });
    },
    async updateUserProfile(userId, patch) {
      const path = profilePath(team.id, userId);
      return toServerProfile(
        await sender.write("PATCH", path, toWireBody(patch), serverTeamMemberProfileSchema),
      );
    },
  });
  const toHandle = (team: ServerTeam): ServerTeamHandle =>
    attachCustomerCalls(toPlainHandle(team), payments, { teamId: team.id });
  return {
    ...createInvitationCodeCalls(core),
    async listTeams(options = {}) {
      const page = await sender.get("/teams", serverTeamList, { user_id: options.userId });
      return page.items.map(toHandle);
    },
    async getTeam(teamId) {
      try {
        return toHandle(await sender.get(teamPath(teamId), serverTeamSchema));
      } catch (error) {
        if (isKnownError(error, "TEAM_NOT_FOUND")) return null;
        throw error;
      }
    },
    async createTeam(input) {
      return toHandle(await sender.write("POST", "/teams", toWireBody(input), serverTeamSchema));
    },
  };
}
