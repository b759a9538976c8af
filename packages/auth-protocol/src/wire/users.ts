/**
 * User objects as the API returns them (contract §1.8): the client shape for client access, the
 * server shape for server/admin access. Every key is always present; nulls are explicit.
 * @module
 */
import { z } from "zod";
import { clientTeamSchema, serverTeamSchema } from "./teams";

/** Why a user is restricted, in order of precedence (§1.8). */
export const restrictedReasonTypes = [
  "anonymous",
  "email_not_verified",
  "restricted_by_administrator",
] as const;
export type RestrictedReasonType = (typeof restrictedReasonTypes)[number];

/** `{type}` object used by users, access-token claims and restricted-user known errors. */
export const restrictedReasonSchema = z.strictObject({ type: z.enum(restrictedReasonTypes) });
export type RestrictedReason = z.infer<typeof restrictedReasonSchema>;

/** A linked OAuth account; `id` is the provider config id (e.g. `spotify`). */
export const userOAuthProviderSchema = z.strictObject({
  id: z.string(),
  account_id: z.string(),
  email: z.string().nullable(),
});
export type UserOAuthProvider = z.infer<typeof userOAuthProviderSchema>;

const riskScoreSchema = z.int().min(0).max(100);

/** Sign-up risk scores; the server SDK dereferences them, so they are always present (zeros by default). */
export const userRiskScoresSchema = z.strictObject({
  sign_up: z.strictObject({ bot: riskScoreSchema, free_trial_abuse: riskScoreSchema }),
});
export type UserRiskScores = z.infer<typeof userRiskScoresSchema>;

const clientUserShape = {
  id: z.uuid(),
  primary_email: z.string().nullable(),
  primary_email_verified: z.boolean(),
  display_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  signed_up_at_millis: z.int(),
  client_metadata: z.json().nullable(),
  client_read_only_metadata: z.json().nullable(),
  has_password: z.boolean(),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  /** Deprecated: `has_password || otp_auth_enabled`. */
  auth_with_email: z.boolean(),
  requires_totp_mfa: z.boolean(),
  oauth_providers: z.array(userOAuthProviderSchema),
  selected_team_id: z.uuid().nullable(),
  is_anonymous: z.boolean(),
  is_restricted: z.boolean(),
  restricted_reason: restrictedReasonSchema.nullable(),
  restricted_by_admin: z.boolean(),
  restricted_by_admin_reason: z.string().nullable(),
};

// The SDK's own user schema checks this invariant too.
function checkRestrictedReason(
  user: { is_restricted: boolean; restricted_reason: RestrictedReason | null },
  ctx: z.RefinementCtx,
): void {
  if (user.is_restricted !== (user.restricted_reason !== null)) {
    ctx.addIssue({
      code: "custom",
      path: ["restricted_reason"],
      message: "restricted_reason must be present if and only if is_restricted is true",
    });
  }
}

/** The user as seen with client access (`GET /users/me` with access type `client`). */
export const clientUserSchema = z
  .strictObject({ ...clientUserShape, selected_team: clientTeamSchema.nullable() })
  .superRefine(checkRestrictedReason);
export type ClientUser = z.infer<typeof clientUserSchema>;

/** The user as seen with server or admin access. */
export const serverUserSchema = z
  .strictObject({
    ...clientUserShape,
    selected_team: serverTeamSchema.nullable(),
    primary_email_auth_enabled: z.boolean(),
    last_active_at_millis: z.int(),
    server_metadata: z.json().nullable(),
    restricted_by_admin_private_details: z.string().nullable(),
    country_code: z.string().length(2).nullable(),
    risk_scores: userRiskScoresSchema,
  })
  .superRefine(checkRestrictedReason);
export type ServerUser = z.infer<typeof serverUserSchema>;
