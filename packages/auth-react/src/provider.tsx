/**
 * @module
 * `AuthProvider`: makes an auth app (from `@heritage/auth-client`) and the signed-in user available
 * to `useAuth` / `useUser` below it.
 */
import { createCurrentUserStore, type UserFacingApp } from "@heritage/auth-client";
import { type ReactNode, useState } from "react";
import { AuthContext, type AuthContextValue } from "./auth-context";

export interface AuthProviderProps<U> {
  /** A client app, or a server/admin app in trusted code. */
  app: UserFacingApp<U>;
  /**
   * The user already known, e.g. loaded while rendering on the server; `null` = signed out.
   * Without it the user loads on mount (status `loading` until then).
   */
  initialUser?: U | null;
  children?: ReactNode;
}

export function AuthProvider<U>({ app, initialUser, children }: AuthProviderProps<U>) {
  // One store per provider instance; changing `app` needs a new provider (a `key`).
  const [value] = useState<AuthContextValue>(() => ({
    app: app as UserFacingApp<unknown>,
    store: createCurrentUserStore<unknown>(
      app as UserFacingApp<unknown>,
      initialUser === undefined ? {} : { initialUser },
    ),
  }));
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
