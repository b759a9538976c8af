/**
 * @module
 * The React context `AuthProvider` fills: the auth app and its current-user store.
 */
import type { CurrentUserStore, UserFacingApp } from "@heritage/auth-client";
import { createContext } from "react";

export interface AuthContextValue {
  app: UserFacingApp<unknown>;
  store: CurrentUserStore<unknown>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
