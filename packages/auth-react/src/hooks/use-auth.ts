/**
 * @module
 * `useAuth`: the signed-in state and the sign-in / sign-out helpers of the nearest `AuthProvider`.
 */
import type {
  AuthResult,
  AuthUser,
  CurrentUserState,
  SignInInput,
  SignUpInput,
  UserFacingApp,
} from "@heritage/auth-client";
import { useContext, useMemo, useSyncExternalStore } from "react";
import { AuthContext, type AuthContextValue } from "../auth-context";

export interface UseAuthResult<U> {
  app: UserFacingApp<U>;
  status: CurrentUserState<U>["status"];
  user: U | null;
  /** The error of the last failed load (status `error`). */
  error: unknown;
  /** Signs in; on success the user loads and every `useUser` re-renders. */
  signInWithCredential(input: SignInInput): Promise<AuthResult<{ userId: string }>>;
  signUpWithCredential(input: SignUpInput): Promise<AuthResult<{ userId: string }>>;
  signOut(): Promise<void>;
  /** Loads the user again (e.g. after a change made elsewhere). */
  reload(): Promise<void>;
}

export function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (context === null) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}

/** The user state of the nearest `AuthProvider`, re-rendering on every change. */
export function useCurrentUserState<U>(): CurrentUserState<U> {
  const { store } = useAuthContext();
  // The provider's snapshot is the server snapshot too: `initialUser` makes SSR and hydration agree.
  return useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  ) as CurrentUserState<U>;
}

/**
 * Auth state and actions. `U` is the user shape of the provider's app (`AuthUser` for a client app).
 * Throws "useAuth must be used within an AuthProvider" outside a provider.
 */
export function useAuth<U = AuthUser>(): UseAuthResult<U> {
  const { app, store } = useAuthContext();
  const state = useCurrentUserState<U>();
  const typedApp = app as UserFacingApp<U>;
  const actions = useMemo(
    () => ({
      signInWithCredential: (input: SignInInput) => typedApp.signInWithCredential(input),
      signUpWithCredential: (input: SignUpInput) => typedApp.signUpWithCredential(input),
      signOut: () => typedApp.signOut(),
      reload: () => store.reload(),
    }),
    [typedApp, store],
  );
  return { app: typedApp, status: state.status, user: state.user, error: state.error, ...actions };
}
