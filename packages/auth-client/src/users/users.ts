/**
 * @module
 * Users and projects as the client library hands them out: camelCase objects built from the wire
 * shapes (contract §1.8, §1.9), and the camelCase update/create inputs turned back into wire bodies.
 */
import type {
  ClientProject,
  ClientTeam,
  ClientUser,
  RestrictedReason,
  ServerTeam,
  ServerUser,
} from "@heritage/auth-protocol";

/** JSON metadata as stored on users and teams. */
export type Metadata = ClientUser["client_metadata"];

export interface AuthTeam {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: Metadata;
  clientReadOnlyMetadata: Metadata;
}

export interface AuthServerTeam extends AuthTeam {
  createdAt: Date;
  serverMetadata: Metadata;
}

/** The signed-in user as client access sees it. */
export interface AuthUser {
  id: string;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
  signedUpAt: Date;
  clientMetadata: Metadata;
  clientReadOnlyMetadata: Metadata;
  hasPassword: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  requiresTotpMfa: boolean;
  oauthProviders: { id: string; accountId: string; email: string | null }[];
  selectedTeamId: string | null;
  selectedTeam: AuthTeam | null;
  isAnonymous: boolean;
  isRestricted: boolean;
  restrictedReason: RestrictedReason | null;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
}

/** A user as server or admin access sees it. */
export interface AuthServerUser extends Omit<AuthUser, "selectedTeam"> {
  selectedTeam: AuthServerTeam | null;
  primaryEmailAuthEnabled: boolean;
  lastActiveAt: Date;
  serverMetadata: Metadata;
  restrictedByAdminPrivateDetails: string | null;
  countryCode: string | null;
  riskScores: { signUp: { bot: number; freeTrialAbuse: number } };
}

export interface AuthProject {
  id: string;
  displayName: string;
  config: {
    signUpEnabled: boolean;
    credentialEnabled: boolean;
    magicLinkEnabled: boolean;
    passkeyEnabled: boolean;
    clientTeamCreationEnabled: boolean;
    clientUserDeletionEnabled: boolean;
    allowUserApiKeys: boolean;
    allowTeamApiKeys: boolean;
    allowLocalhost: boolean;
    oauthProviders: { id: string }[];
    domains: { domain: string; handlerPath: string }[];
  };
}

function toTeam(team: ClientTeam): AuthTeam {
  return {
    id: team.id,
    displayName: team.display_name,
    profileImageUrl: team.profile_image_url,
    clientMetadata: team.client_metadata,
    clientReadOnlyMetadata: team.client_read_only_metadata,
  };
}

function toServerTeam(team: ServerTeam): AuthServerTeam {
  return {
    ...toTeam(team),
    createdAt: new Date(team.created_at_millis),
    serverMetadata: team.server_metadata,
  };
}

function toUserFields(user: ClientUser | ServerUser): Omit<AuthUser, "selectedTeam"> {
  return {
    id: user.id,
    primaryEmail: user.primary_email,
    primaryEmailVerified: user.primary_email_verified,
    displayName: user.display_name,
    profileImageUrl: user.profile_image_url,
    signedUpAt: new Date(user.signed_up_at_millis),
    clientMetadata: user.client_metadata,
    clientReadOnlyMetadata: user.client_read_only_metadata,
    hasPassword: user.has_password,
    otpAuthEnabled: user.otp_auth_enabled,
    passkeyAuthEnabled: user.passkey_auth_enabled,
    requiresTotpMfa: user.requires_totp_mfa,
    oauthProviders: user.oauth_providers.map((provider) => ({
      id: provider.id,
      accountId: provider.account_id,
      email: provider.email,
    })),
    selectedTeamId: user.selected_team_id,
    isAnonymous: user.is_anonymous,
    isRestricted: user.is_restricted,
    restrictedReason: user.restricted_reason,
    restrictedByAdmin: user.restricted_by_admin,
    restrictedByAdminReason: user.restricted_by_admin_reason,
  };
}

export function toAuthUser(user: ClientUser): AuthUser {
  return {
    ...toUserFields(user),
    selectedTeam: user.selected_team === null ? null : toTeam(user.selected_team),
  };
}

export function toAuthServerUser(user: ServerUser): AuthServerUser {
  return {
    ...toUserFields(user),
    selectedTeam: user.selected_team === null ? null : toServerTeam(user.selected_team),
    primaryEmailAuthEnabled: user.primary_email_auth_enabled,
    lastActiveAt: new Date(user.last_active_at_millis),
    serverMetadata: user.server_metadata,
    restrictedByAdminPrivateDetails: user.restricted_by_admin_private_details,
    countryCode: user.country_code,
    riskScores: {
      signUp: {
        bot: user.risk_scores.sign_up.bot,
        freeTrialAbuse: user.risk_scores.sign_up.free_trial_abuse,
      },
    },
  };
}

export function toAuthProject(project: ClientProject): AuthProject {
  const { config } = project;
  return {
    id: project.id,
    displayName: project.display_name,
    config: {
      signUpEnabled: config.sign_up_enabled,
      credentialEnabled: config.credential_enabled,
      magicLinkEnabled: config.magic_link_enabled,
      passkeyEnabled: config.passkey_enabled,
      clientTeamCreationEnabled: config.client_team_creation_enabled,
      clientUserDeletionEnabled: config.client_user_deletion_enabled,
      allowUserApiKeys: config.allow_user_api_keys,
      allowTeamApiKeys: config.allow_team_api_keys,
      allowLocalhost: config.allow_localhost,
      oauthProviders: config.enabled_oauth_providers.map((provider) => ({ id: provider.id })),
      domains: config.domains.map((d) => ({ domain: d.domain, handlerPath: d.handler_path })),
    },
  };
}

/** What a signed-in user may change about themselves (`PATCH /users/me` with client access). */
export interface UserUpdate {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: Metadata;
  selectedTeamId?: string | null;
  totpSecretBase64?: string | null;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
  primaryEmail?: string | null;
}

/** What server access may set on a user (`PATCH /users/{id}`; `POST /users` takes the same). */
export interface ServerUserUpdate extends UserUpdate {
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  password?: string | null;
  passwordHash?: string;
  clientReadOnlyMetadata?: Metadata;
  serverMetadata?: Metadata;
  restrictedByAdmin?: boolean;
  restrictedByAdminReason?: string | null;
  restrictedByAdminPrivateDetails?: string | null;
  countryCode?: string | null;
  /** Only `false` on update (upgrades an anonymous user). */
  isAnonymous?: boolean;
}

/** `POST /users` input; every field optional (`{}` creates an empty user). */
export type ServerUserCreate = Omit<ServerUserUpdate, "selectedTeamId">;

const wireNames: Record<keyof ServerUserUpdate, string> = {
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  selectedTeamId: "selected_team_id",
  totpSecretBase64: "totp_secret_base64",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  primaryEmailAuthEnabled: "primary_email_auth_enabled",
  password: "password",
  passwordHash: "password_hash",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  restrictedByAdmin: "restricted_by_admin",
  restrictedByAdminReason: "restricted_by_admin_reason",
  restrictedByAdminPrivateDetails: "restricted_by_admin_private_details",
  countryCode: "country_code",
  isAnonymous: "is_anonymous",
};

/** The wire body of an update or create; fields left undefined are not sent. */
export function toUserWireBody(update: ServerUserUpdate): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined || !Object.hasOwn(wireNames, key)) continue;
    body[wireNames[key as keyof ServerUserUpdate]] = value;
  }
  return body;
}
