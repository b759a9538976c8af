/**
 * @module
 * A framework-free store of "who is signed in", for UI bindings (`useSyncExternalStore` in
 * auth-react): it loads the user, reloads on sign-in, clears on sign-out (including a rejected
 * refresh) and takes the result of `updateUser` directly. Snapshots are immutable and only replaced on
 * change, as `useSyncExternalStore` requires.
 */
import type { UserFacingApp } from "./app-core";

export type CurrentUserState<U> =
  | { status: "loading"; user: null; error: null }
  | { status: "signed-in"; user: U; error: null }
  | { status: "signed-out"; user: null; error: null }
  | { status: "error"; user: null; error: unknown };

export interface CurrentUserStore<U> {
  getSnapshot(): CurrentUserState<U>;
  subscribe(listener: () => void): () => void;
  /** Fetches the user again. */
  reload(): Promise<void>;
}

export interface CurrentUserStoreOptions<U> {
  /** A user already known (e.g. loaded during server rendering); skips the first load. */
  initialUser?: U | null;
}

const loadingState = Object.freeze({ status: "loading", user: null, error: null } as const);
const signedOutState = Object.freeze({ status: "signed-out", user: null, error: null } as const);

function stateOf<U>(user: U | null): CurrentUserState<U> {
  return user === null ? signedOutState : { status: "signed-in", user, error: null };
}

export function createCurrentUserStore<U>(
  app: Pick<UserFacingApp<U>, "getUser" | "onAuthChange">,
  options: CurrentUserStoreOptions<U> = {},
): CurrentUserStore<U> {
  let state: CurrentUserState<U> =
    options.initialUser === undefined ? loadingState : stateOf(options.initialUser);
  const listeners = new Set<() => void>();
  let unsubscribeApp: (() => void) | null = null;
  // Only the newest load may set the state.
  let loadSequence = 0;

  const setState = (next: CurrentUserState<U>) => {
    loadSequence++;
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const reload = async () => {
    const sequence = ++loadSequence;
    try {
      const user = await app.getUser();
      if (sequence === loadSequence) setState(stateOf(user));
    } catch (error) {
      if (sequence === loadSequence) setState({ status: "error", user: null, error });
    }
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (unsubscribeApp === null) {
        unsubscribeApp = app.onAuthChange((event) => {
          if (event.type === "signed-out") setState(signedOutState);
          else if (event.type === "user-updated" && event.user !== undefined) {
            setState(stateOf(event.user));
          } else void reload();
        });
        if (state.status === "loading") void reload();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribeApp !== null) {
          unsubscribeApp();
          unsubscribeApp = null;
        }
      };
    },
    reload,
  };
}
