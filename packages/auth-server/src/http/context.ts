/**
 * The Hono environment of the auth API: what the pipeline puts on each request's context.
 * @module
 */
import type {
  AccessTokenClaims,
  AccessType,
  HeaderSpelling,
  ProtocolHeaders,
} from "@heritage/auth-protocol";
import type { RouteDescription } from "../openapi/route-description";
import type { AdminCredential } from "../services/admin/admin-credential";
import type { AuthDeps } from "../services/auth-deps";
import type { ManagedEmailProvider } from "../services/managed-email/managed-email-provider";
import type { LoadedProject } from "../services/projects/projects";
import type { LoadedUser } from "../services/records/user-records";
import type { FinishedAnswerVariables } from "./finished-answers";

/** Who is calling (contract §1.3): the access type, the project, and the user of the access token. */
export interface RequestAuth {
  accessType: AccessType;
  project: LoadedProject;
  /**
   * For admin access: the credential that granted it (things an admin hands out remember it);
   * null for client and server access.
   */
  admin: AdminCredential | null;
  /** The user of the access token; null without a token or when the user was deleted since. */
  user: LoadedUser | null;
  /** Claims of the verified access token, if one was sent. */
  accessTokenClaims: AccessTokenClaims | null;
}

export interface AuthEnv {
  Variables: FinishedAnswerVariables & {
    requestId: string;
    /** The protocol spelling the request used; answers follow it (http/protocol-headers.ts). */
    headerSpelling: HeaderSpelling;
    /** The request's protocol headers, read once (`requestProtocolHeaders`). */
    protocolHeaders: ProtocolHeaders;
    /** The request body parsed by content type (undefined when there is none). */
    body: unknown;
    /** Null for a request without an access type (anonymous request). */
    auth: RequestAuth | null;
    /** The running route's description (openapi/route-description.ts); unset on a route without. */
    routeDescription: RouteDescription;
    /**
     * Development and tests: validation and access checks refuse what the route's description does
     * not say, so the API description cannot drift from the handlers. Off in production. Set by
     * `authenticate` (project-access.ts).
     */
    checksRouteDescriptions: boolean;
    /**
     * Set by a handler that knows exactly which users its request wrote (a token refresh records
     * activity on its one user): only those are forgotten from the user cache before the answer
     * leaves, instead of the whole project (http/user-cache-own-writes.ts).
     */
    writtenUsers: readonly string[];
  };
}

/** What route modules receive: the service dependencies plus HTTP-only settings. */
export interface RouteDeps extends AuthDeps {
  /** Behind a reverse proxy: take the client IP from `x-forwarded-for` (see client-ip.ts). */
  trustProxy: boolean;
  /** Resend and DNSimple for managed e-mail onboarding, or their simulation; null: off. */
  managedEmail: ManagedEmailProvider | null;
}
