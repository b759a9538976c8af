/**
 * @module
 * The runtime that points an app of this library at the real auth server of
 * `@heritage/auth-server/testing`, in process: requests go to its Hono app, and time is its clock
 * (so tests expire tokens by advancing it instead of sleeping).
 */
import type { TestAuthApi } from "@heritage/auth-server/testing";
import type { AppOptions } from "../app-core";

export function testServerRuntime(api: TestAuthApi): Partial<AppOptions> {
  return {
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  };
}
