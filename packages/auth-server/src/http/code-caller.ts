/**
 * The caller of a code endpoint as the code rate limits see it (services/sign-in/code-rate-limits.ts): the
 * access type and the client IP of the request.
 * @module
 */
import type { Context } from "hono";
import type { CodeCaller } from "../services/sign-in/code-rate-limits";
import { getClientIp } from "./client-ip";
import type { AuthEnv, RequestAuth, RouteDeps } from "./context";

export function codeCaller(c: Context<AuthEnv>, deps: RouteDeps, auth: RequestAuth): CodeCaller {
  return { accessType: auth.accessType, ip: getClientIp(c, deps.trustProxy) };
}
