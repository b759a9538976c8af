/**
 * Access tokens (contract §1.5): ES256 JWTs with exactly the 18 claims, signed with the key of the
 * token's audience kind, and their verification (signature, issuer, audience, expiry, claim shape,
 * consistency of the user type with the audience).
 * @module
 */
import {
  type AccessTokenClaims,
  type AccessTokenKind,
  accessTokenClaimsSchema,
  audienceForProject,
  issuerForProject,
  knownErrors,
} from "@heritage/auth-protocol";
import {
  CompactSign,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
} from "jose";
import type { AuthDeps } from "../auth-deps";

/** The user facts a token snapshots at minting time. */
export interface TokenSubject {
  userId: string;
  projectId: string;
  sessionId: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  selectedTeamId: string | null;
  signedUpAt: Date;
  isAnonymous: boolean;
  restrictedReason: AccessTokenClaims["restricted_reason"];
  requiresTotpMfa: boolean;
}

export function tokenKindOf(subject: {
  isAnonymous: boolean;
  restrictedReason: unknown;
}): AccessTokenKind {
  if (subject.isAnonymous) return "anonymous";
  return subject.restrictedReason ? "restricted" : "normal";
}

export async function mintAccessToken(
  deps: Pick<AuthDeps, "baseUrl" | "clock" | "config" | "signingKeys">,
  subject: TokenSubject,
): Promise<string> {
  const kind = tokenKindOf(subject);
  const iat = Math.floor(deps.clock().getTime() / 1000);
  const claims: AccessTokenClaims = {
    iss: issuerForProject(deps.baseUrl, subject.projectId, kind),
    aud: audienceForProject(subject.projectId, kind),
    sub: subject.userId,
    iat,
    exp: iat + deps.config.STACK_ACCESS_TOKEN_EXPIRATION_TIME,
    project_id: subject.projectId,
    branch_id: "main",
    refresh_token_id: subject.sessionId,
    role: "authenticated",
    name: subject.displayName,
    email: subject.primaryEmail,
    email_verified: subject.primaryEmailVerified,
    selected_team_id: subject.selectedTeamId,
    signed_up_at: Math.floor(subject.signedUpAt.getTime() / 1000),
    is_anonymous: subject.isAnonymous,
    is_restricted: subject.isAnonymous || subject.restrictedReason !== null,
    restricted_reason: subject.restrictedReason,
    requires_totp_mfa: subject.requiresTotpMfa,
  };
  const key = await deps.signingKeys.getActiveKey(kind);
  // The same token SignJWT makes (a JWS of the claims' JSON), without its copy of the claims
  // (`structuredClone`) and their re-checks, which took 3 % of a refresh's main thread: the claims
  // are built right above, each of its type.
  return new CompactSign(encoder.encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "ES256", kid: key.kid })
    .sign(key.privateKey);
}

const encoder = new TextEncoder();

export interface VerifiedAccessToken {
  claims: AccessTokenClaims;
  kind: AccessTokenKind;
  projectId: string;
}

const audiencePattern = /^(.+?)(:anon|:restricted)?$/;

function kindMatchesClaims(kind: AccessTokenKind, claims: AccessTokenClaims): boolean {
  if (claims.is_anonymous && !claims.is_restricted) return false;
  if (claims.is_restricted !== (claims.restricted_reason !== null)) return false;
  if (kind === "anonymous") return claims.is_anonymous;
  if (kind === "restricted") return claims.is_restricted && !claims.is_anonymous;
  return !claims.is_restricted;
}

/**
 * Tokens this process has verified, until they expire. A client sends the same access token with
 * every request for its lifetime, and the ES256 check was the largest single cost of a
 * `GET /users/me` (issue 15): a token seen before is answered by a map lookup and an expiry check.
 * Found by the token's signature (a tenth of its length: hashing the whole token, a new string on
 * every request, cost a `/users/me` about a microsecond) and answered only when the whole token is
 * the one that passed the full check, so a forged token that borrows a signature is checked in
 * full (and refused). The verification keys a token was checked with are never dropped while
 * the process runs, so the answer cannot differ from checking again. Per key store (one per
 * database), at most {@link verifiedTokenLimit} entries, the oldest forgotten first.
 */
const verifiedTokens = new WeakMap<
  AuthDeps["signingKeys"],
  Map<string, { token: string; verified: VerifiedAccessToken; expiresAtMs: number }>
>();
export const verifiedTokenLimit = 10_000;

/** A compact JWS's last segment, its signature. */
const signatureOf = (token: string) => token.slice(token.lastIndexOf(".") + 1);

/**
 * Verifies an access token with the platform's keys. Throws `ACCESS_TOKEN_EXPIRED` (valid signature,
 * past `exp`, details filled from the token) or `UNPARSABLE_ACCESS_TOKEN` (anything else wrong).
 * The caller compares the token's project with the request's.
 */
export async function verifyAccessToken(
  deps: Pick<AuthDeps, "baseUrl" | "clock" | "signingKeys">,
  token: string,
): Promise<VerifiedAccessToken> {
  let memo = verifiedTokens.get(deps.signingKeys);
  if (!memo) {
    memo = new Map();
    verifiedTokens.set(deps.signingKeys, memo);
  }
  const signature = signatureOf(token);
  const seen = memo.get(signature);
  // An expired one is checked in full again: its error carries details read from the token.
  if (seen?.token === token) {
    if (deps.clock().getTime() < seen.expiresAtMs) return seen.verified;
    memo.delete(signature);
  }
  const verified = await verifyAccessTokenInFull(deps, token);
  memo.delete(signature);
  if (memo.size >= verifiedTokenLimit) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(signature, { token, verified, expiresAtMs: verified.claims.exp * 1000 });
  return verified;
}

async function verifyAccessTokenInFull(
  deps: Pick<AuthDeps, "baseUrl" | "clock" | "signingKeys">,
  token: string,
): Promise<VerifiedAccessToken> {
  let kid: string | undefined;
  let audience: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
    const aud = decodeJwt(token).aud;
    audience = typeof aud === "string" ? aud : undefined;
  } catch {
    throw knownErrors.unparsableAccessToken();
  }
  const match = audience ? audiencePattern.exec(audience) : null;
  const projectId = match?.[1];
  if (!kid || !projectId) throw knownErrors.unparsableAccessToken();
  const key = await deps.signingKeys.getVerificationKey(kid);
  if (!key) throw knownErrors.unparsableAccessToken();

  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ["ES256"],
      issuer: issuerForProject(deps.baseUrl, projectId, key.kind),
      audience: audienceForProject(projectId, key.kind),
      currentDate: deps.clock(),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      const expired = accessTokenClaimsSchema.partial().safeParse(error.payload);
      const claims = expired.success ? expired.data : {};
      throw knownErrors.accessTokenExpired({
        expired_at_millis: claims.exp === undefined ? null : claims.exp * 1000,
        project_id: claims.project_id ?? null,
        user_id: claims.sub ?? null,
        refresh_token_id: claims.refresh_token_id ?? null,
      });
    }
    throw knownErrors.unparsableAccessToken();
  }
  const parsed = accessTokenClaimsSchema.safeParse(payload);
  if (!parsed.success || parsed.data.project_id !== projectId) {
    throw knownErrors.unparsableAccessToken();
  }
  if (!kindMatchesClaims(key.kind, parsed.data)) throw knownErrors.unparsableAccessToken();
  // Shared by every request that presents this token: nobody may change it.
  return Object.freeze({ claims: Object.freeze(parsed.data), kind: key.kind, projectId });
}
