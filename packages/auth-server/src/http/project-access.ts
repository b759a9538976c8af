/**
 * Request authentication (contract §1.3), in its exact order: access type, project id, the access
 * token (verified for every endpoint), the project, the credential (development override key, admin
 * access token, or the key of the access type), the branch, then the token's user. Routes then state
 * which access types they accept (`requireAccess`) and whether they need a user.
 * @module
 */
import {
  type AccessType,
  accessTypes,
  isKnownError,
  knownErrors,
  type ProtocolHeaders,
} from "@heritage/auth-protocol";
import type { Context, MiddlewareHandler } from "hono";
import type { RouteDescription } from "../openapi/route-description";
import type { AdminCredential } from "../services/admin/admin-credential";
import type { AuthDeps } from "../services/auth-deps";
import { internalProjectId, type LoadedProject } from "../services/projects/projects";
import type { LoadedUser } from "../services/records/user-records";
import { hashSecret } from "../services/secrets/secrets";
import { plainErrors } from "../services/shared/plain-errors";
import { type VerifiedAccessToken, verifyAccessToken } from "../services/sign-in/tokens";
import { isTeamMember } from "../services/teams/teams";
import type { AuthEnv, RequestAuth } from "./context";
import { requestProtocolHeaders } from "./protocol-headers";

/** The sentinel the SDK sends as client secret when it has no publishable key. */
export const publicClientSentinel = "__stack_public_client__";

function isAccessType(value: string): value is AccessType {
  return (accessTypes as readonly string[]).includes(value);
}

async function verifyRequestAccessToken(
  deps: AuthDeps,
  headers: ProtocolHeaders,
  projectId: string,
): Promise<VerifiedAccessToken | null> {
  const token = headers.get("access-token");
  if (!token) return null;
  const verified = await verifyAccessToken(deps, token);
  if (verified.projectId !== projectId) {
    throw knownErrors.invalidProjectForAccessToken({
      expected_project_id: projectId,
      actual_project_id: verified.projectId,
    });
  }
  const allowAnonymous = headers.get("allow-anonymous-user") === "true";
  const allowRestricted = allowAnonymous || headers.get("allow-restricted-user") === "true";
  if (verified.kind === "anonymous" && !allowAnonymous) {
    throw knownErrors.anonymousAuthenticationNotAllowed();
  }
  const reason = verified.claims.restricted_reason;
  if (verified.kind === "restricted" && reason && !allowRestricted) {
    throw knownErrors.restrictedUserNotAllowed({ restricted_reason: reason });
  }
  return verified;
}

async function checkAdminAccessToken(
  deps: AuthDeps,
  token: string,
  project: LoadedProject,
): Promise<string> {
  let verified: VerifiedAccessToken;
  try {
    verified = await verifyAccessToken(deps, token);
  } catch (error) {
    if (isKnownError(error, "ACCESS_TOKEN_EXPIRED")) {
      throw knownErrors.adminAccessTokenExpired({
        expired_at_millis: error.details.expired_at_millis,
      });
    }
    throw knownErrors.unparsableAdminAccessToken();
  }
  if (verified.projectId !== internalProjectId) throw knownErrors.adminAccessTokenIsNotAdmin();
  // Anonymous and restricted internal users never administer projects.
  if (verified.kind !== "normal") throw knownErrors.unparsableAdminAccessToken();
  const user = await deps.users.findUser(internalProjectId, verified.claims.sub);
  if (!user) {
    throw plainErrors.adminTokenUserGone();
  }
  const ownerTeamId = project.ownerTeamId;
  if (!ownerTeamId || !(await isTeamMember(deps.db, internalProjectId, ownerTeamId, user.row.id))) {
    throw knownErrors.adminAccessTokenIsNotAdmin();
  }
  return user.row.id;
}

/** Checks the key of the access type; returns it (none: a client without a publishable key). */
async function checkProjectKey(
  deps: AuthDeps,
  headers: ProtocolHeaders,
  accessType: AccessType,
  project: LoadedProject,
): Promise<string | undefined> {
  const now = deps.clock();
  const projectId = project.id;
  if (accessType === "client") {
    const key = headers.get("publishable-client-key");
    if (!key || key === publicClientSentinel) {
      if (project.config.project.requirePublishableClientKey) {
        throw knownErrors.publishableClientKeyRequiredForProject({ project_id: projectId });
      }
      return undefined;
    }
    if (!(await deps.projects.isLiveKey(projectId, "publishable_client_key", key, now))) {
      throw knownErrors.invalidPublishableClientKey({ project_id: projectId });
    }
    return key;
  } else if (accessType === "server") {
    const key = headers.get("secret-server-key");
    if (!key) throw knownErrors.serverAuthenticationRequired();
    if (!(await deps.projects.isLiveKey(projectId, "secret_server_key", key, now))) {
      throw knownErrors.invalidSecretServerKey({ project_id: projectId });
    }
    return key;
  } else {
    const key = headers.get("super-secret-admin-key");
    if (!key) throw knownErrors.adminAuthenticationRequired();
    if (!(await deps.projects.isLiveKey(projectId, "super_secret_admin_key", key, now))) {
      throw knownErrors.invalidSuperSecretAdminKey({ project_id: projectId });
    }
    return key;
  }
}

/** Runs the §1.3 algorithm; null for a request without an access type. */
export async function authenticateRequest(
  deps: AuthDeps,
  headers: ProtocolHeaders,
): Promise<RequestAuth | null> {
  const rawAccessType = headers.get("access-type");
  const adminAccessToken = headers.get("admin-access-token");
  if (!rawAccessType) {
    const hasKey =
      headers.get("publishable-client-key") !== undefined ||
      headers.get("secret-server-key") !== undefined ||
      headers.get("super-secret-admin-key") !== undefined ||
      adminAccessToken !== undefined;
    if (hasKey) throw knownErrors.projectKeyWithoutAccessType();
    return null;
  }
  if (!isAccessType(rawAccessType)) {
    throw knownErrors.invalidAccessType({ accessType: rawAccessType });
  }
  const accessType = rawAccessType;
  const projectId = headers.get("project-id");
  if (!projectId) throw knownErrors.accessTypeWithoutProjectId({ request_type: accessType });

  const token = await verifyRequestAccessToken(deps, headers, projectId);

  const project = await deps.projects.findProject(projectId);
  if (!project) throw knownErrors.currentProjectNotFound({ project_id: projectId });

  const overrideKey = headers.get("development-override-key");
  // Only admin access records its credential (a digest to take), so client and server requests
  // pay nothing for it.
  let credential: AdminCredential | null = null;
  if (overrideKey !== undefined) {
    if (!deps.isDevelopment) {
      throw plainErrors.developmentOverrideNotAllowed();
    }
    const isValid = await deps.projects.isLiveKey(
      internalProjectId,
      "super_secret_admin_key",
      overrideKey,
      deps.clock(),
    );
    if (!isValid) throw plainErrors.invalidDevelopmentOverride();
    credential = { kind: "override-key", keyDigest: hashSecret(overrideKey) };
  } else if (adminAccessToken !== undefined) {
    credential = {
      kind: "owner",
      userId: await checkAdminAccessToken(deps, adminAccessToken, project),
    };
  } else {
    const key = await checkProjectKey(deps, headers, accessType, project);
    if (accessType === "admin" && key !== undefined) {
      credential = { kind: "admin-key", keyDigest: hashSecret(key) };
    }
  }

  const branchId = headers.get("branch-id") ?? "main";
  if (branchId !== "main") throw knownErrors.branchDoesNotExist({ branch_id: branchId });

  // A user deleted since the token was minted: the request goes on without a user.
  const user = token ? await deps.users.findUser(projectId, token.claims.sub) : null;
  return {
    accessType,
    project,
    admin: accessType === "admin" ? credential : null,
    user,
    accessTokenClaims: token?.claims ?? null,
  };
}

export function authenticate(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    // Development and tests hold each described handler to its description (see requireAccess).
    c.set("checksRouteDescriptions", deps.isDevelopment);
    c.set("auth", await authenticateRequest(deps, requestProtocolHeaders(c)));
    await next();
  };
}

/** The request's auth, which must have one of the allowed access types (§1.3 step 9). */
export function requireAccess(
  c: Context<AuthEnv>,
  allowed: readonly AccessType[] = accessTypes,
): RequestAuth {
  const auth = c.get("auth");
  if (!auth) throw knownErrors.accessTypeRequired();
  if (c.get("checksRouteDescriptions")) refuseUndescribedAccess(c, allowed);
  if (!allowed.includes(auth.accessType)) {
    throw knownErrors.insufficientAccessType({
      actual_access_type: auth.accessType,
      allowed_access_types: [...allowed],
    });
  }
  return auth;
}

/**
 * Development and tests: the access types a route lets in must be the ones its description
 * names (openapi/route-description.ts), or the API description would be wrong.
 */
function refuseUndescribedAccess(c: Context<AuthEnv>, allowed: readonly AccessType[]): void {
  const description = c.get("routeDescription") as RouteDescription | undefined;
  // A route without a description is the coverage test's to report (openapi/*.test.ts).
  if (!description) return;
  const described = new Set(description.callers);
  const matches =
    allowed.length === accessTypes.filter((type) => described.has(type)).length &&
    allowed.every((type) => described.has(type));
  if (!matches) {
    throw new Error(
      `${c.req.method} ${c.req.routePath} lets in ${allowed.join(", ")} access but its describeRoute(...) names ${[...described].join(", ") || "none"}`,
    );
  }
}

/** The signed-in user, or KE CANNOT_GET_OWN_USER_WITHOUT_USER (endpoints on `me`). */
export function requireOwnUser(auth: RequestAuth): LoadedUser {
  if (!auth.user) throw knownErrors.cannotGetOwnUserWithoutUser();
  return auth.user;
}

/** Resolves a user id that may be `me` (contract §1.1). */
export function resolveUserId(auth: RequestAuth, userId: string): string {
  if (userId !== "me") return userId;
  return requireOwnUser(auth).row.id;
}
