/**
 * The user on the wire (contract §1.8): the client shape, the server shape (client fields plus
 * metadata and admin details), and the restriction reason both carry. Reads only the loaded user
 * (user-records.ts) and the project's config; team shapes come from team-wire.ts.
 * @module
 */
import type { ClientUser, RestrictedReason, ServerUser } from "@heritage/auth-protocol";
import type { ProjectConfig } from "../projects/project-config";
import { toClientTeam, toServerTeam } from "./team-wire";
import type { LoadedUser } from "./user-records";

/** Why the user is restricted, in the contract's order of precedence, or null. */
export function restrictedReasonOf(
  user: LoadedUser,
  config: ProjectConfig,
): RestrictedReason | null {
  if (user.row.isAnonymous) return { type: "anonymous" };
  if (config.onboarding.requireEmailVerification && !user.primaryEmail?.isVerified) {
    return { type: "email_not_verified" };
  }
  if (user.row.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}

function clientFields(user: LoadedUser, config: ProjectConfig): Omit<ClientUser, "selected_team"> {
  const { row } = user;
  const restrictedReason = restrictedReasonOf(user, config);
  return {
    id: row.id,
    primary_email: user.primaryEmail?.value ?? null,
    primary_email_verified: user.primaryEmail?.isVerified ?? false,
    display_name: row.displayName,
    profile_image_url: row.profileImageUrl,
    signed_up_at_millis: row.signedUpAt.getTime(),
    client_metadata: (row.clientMetadata ?? null) as ClientUser["client_metadata"],
    client_read_only_metadata: (row.clientReadOnlyMetadata ??
      null) as ClientUser["client_read_only_metadata"],
    has_password: user.hasPassword,
    otp_auth_enabled: row.otpAuthEnabled,
    passkey_auth_enabled: row.passkeyAuthEnabled,
    auth_with_email: user.hasPassword || row.otpAuthEnabled,
    requires_totp_mfa: row.totpSecretBase64 !== null,
    oauth_providers: user.oauthProviders,
    selected_team_id: user.selectedTeam ? user.selectedTeam.id : null,
    is_anonymous: row.isAnonymous,
    is_restricted: restrictedReason !== null,
    restricted_reason: restrictedReason,
    restricted_by_admin: row.restrictedByAdmin,
    restricted_by_admin_reason: row.restrictedByAdminReason,
  };
}

/** The user as client access sees it. */
export function toClientUser(user: LoadedUser, config: ProjectConfig): ClientUser {
  return {
    ...clientFields(user, config),
    selected_team: user.selectedTeam ? toClientTeam(user.selectedTeam) : null,
  };
}

/** The user as server and admin access see it; every key present, risk scores included. */
export function toServerUser(user: LoadedUser, config: ProjectConfig): ServerUser {
  const { row } = user;
  return {
    ...clientFields(user, config),
    selected_team: user.selectedTeam ? toServerTeam(user.selectedTeam) : null,
    primary_email_auth_enabled: user.primaryEmail?.usedForAuth ?? false,
    last_active_at_millis: row.lastActiveAt.getTime(),
    server_metadata: (row.serverMetadata ?? null) as ServerUser["server_metadata"],
    restricted_by_admin_private_details: row.restrictedByAdminPrivateDetails,
    country_code: row.countryCode,
    risk_scores: {
      sign_up: { bot: row.riskScoreBot, free_trial_abuse: row.riskScoreFreeTrialAbuse },
    },
  };
}
