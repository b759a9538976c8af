/**
 * @module
 * `useUser`: the signed-in user of the nearest `AuthProvider`, or null (signed out, or still loading).
 */
import type { AuthUser } from "@heritage/auth-client";
import { useCurrentUserState } from "./use-auth";

/** The signed-in user, or null; re-renders on sign-in, sign-out and `updateUser`. */
export function useUser<U = AuthUser>(): U | null {
  return useCurrentUserState<U>().user;
}
