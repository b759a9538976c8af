/**
 * @module
 * The outside world the client touches (network, time, randomness, connectivity), injected through
 * app options so tests never wait for real time or reach a real server.
 */

/** A `fetch` implementation; the global one by default. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Injectable runtime dependencies. Every field is optional in app options. */
export interface AuthRuntime {
  fetch: FetchFunction;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Waits `ms` milliseconds. */
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1), used for retry jitter. */
  random: () => number;
  /** False when the runtime knows it is offline (browsers: `navigator.onLine === false`). */
  isOnline: () => boolean;
}

function isOnlineByNavigator(): boolean {
  const navigatorLike = (globalThis as { navigator?: { onLine?: unknown } }).navigator;
  return navigatorLike?.onLine !== false;
}

/** Fills in the defaults: global `fetch`, `Date.now`, `setTimeout`, `Math.random`, `navigator.onLine`. */
export function resolveRuntime(overrides: Partial<AuthRuntime> = {}): AuthRuntime {
  return {
    fetch: overrides.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: overrides.now ?? (() => Date.now()),
    sleep: overrides.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: overrides.random ?? (() => Math.random()),
    isOnline: overrides.isOnline ?? isOnlineByNavigator,
  };
}
