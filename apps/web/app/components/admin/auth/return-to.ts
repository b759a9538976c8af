/**
 * @module
 * Where a user goes after signing in: the admin page the guard sent them away from (kept in the
 * history state of /login, site spec section 2), or the `after_auth_return_to` query parameter
 * of the handler pages (auth-platform spec section 2), else the dashboard. Only paths of this
 * site are followed.
 */
import type { Location } from "react-router";

export const adminHomePath = "/admin";
export const loginPath = "/login";

/** The history state /login is opened with by the guard. */
export interface LoginLocationState {
  from: { pathname: string; search: string; hash: string };
}

export function createLoginState(location: Location): LoginLocationState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** A same-site path (not `//host` nor a URL with a scheme), or null. */
export function toSafeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\")) return null;
  return value;
}

export function readReturnPath(location: Location): string {
  const state = location.state as Partial<LoginLocationState> | null;
  const from = state?.from;
  if (from && typeof from.pathname === "string") {
    const path = toSafeReturnPath(`${from.pathname}${from.search ?? ""}${from.hash ?? ""}`);
    if (path !== null && !path.startsWith(loginPath)) return path;
  }
  const query = new URLSearchParams(location.search).get("after_auth_return_to");
  return toSafeReturnPath(query) ?? adminHomePath;
}
