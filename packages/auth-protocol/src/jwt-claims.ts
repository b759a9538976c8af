/**
 * Access-token claims (contract §1.5). The e2e suite compares the payload with strict equality, so the
 * schema accepts exactly these 18 claims. Claims are a snapshot of the user taken at minting time.
 * @module
 */
import { z } from "zod";
import { restrictedReasonSchema } from "./wire/users";

/** The payload of an access token (JWT, ES256). Times are in seconds. */
export const accessTokenClaimsSchema = z.strictObject({
  iss: z.string(),
  aud: z.string(),
  /** The user id. */
  sub: z.uuid(),
  iat: z.int(),
  exp: z.int(),
  project_id: z.string(),
  branch_id: z.string(),
  /** Id of the session (refresh-token row) the token was minted from. */
  refresh_token_id: z.uuid(),
  role: z.literal("authenticated"),
  /** The display name. */
  name: z.string().nullable(),
  /** The primary email. */
  email: z.string().nullable(),
  email_verified: z.boolean(),
  selected_team_id: z.uuid().nullable(),
  /** Floor of `signed_up_at_millis / 1000`. */
  signed_up_at: z.int(),
  is_anonymous: z.boolean(),
  is_restricted: z.boolean(),
  restricted_reason: restrictedReasonSchema.nullable(),
  requires_totp_mfa: z.boolean(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Which audience (and signing key pair) a token belongs to: anonymous users, other restricted users, everyone else. */
export type AccessTokenKind = "normal" | "anonymous" | "restricted";

const issuerPathByKind: Record<AccessTokenKind, string> = {
  normal: "/api/v1/projects/",
  anonymous: "/api/v1/projects-anonymous-users/",
  restricted: "/api/v1/projects-restricted-users/",
};

const audienceSuffixByKind: Record<AccessTokenKind, string> = {
  normal: "",
  anonymous: ":anon",
  restricted: ":restricted",
};

/**
 * The `iss` claim: `{baseUrl}/api/v1/projects/{projectId}` (or `projects-anonymous-users`,
 * `projects-restricted-users`). `baseUrl` is the server's own public origin; trailing slashes are dropped.
 */
export function issuerForProject(
  baseUrl: string,
  projectId: string,
  kind: AccessTokenKind,
): string {
  return `${baseUrl.replace(/\/+$/, "")}${issuerPathByKind[kind]}${projectId}`;
}

/** The `aud` claim: `{projectId}`, `{projectId}:anon` or `{projectId}:restricted`. */
export function audienceForProject(projectId: string, kind: AccessTokenKind): string {
  return `${projectId}${audienceSuffixByKind[kind]}`;
}
