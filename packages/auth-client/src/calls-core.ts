/**
 * @module
 * What every group of calls (`*-calls.ts`, teams, permissions, ...) is built on: the app core it
 * is handed, the result shape of calls whose failures are data, and response parsing. Kept out of
 * app-core.ts, which assembles the apps from those groups: the groups import this, not the module
 * that imports them (no circle).
 */
import type { KnownError } from "@heritage/auth-protocol";
import { AuthProtocolError } from "./errors";
import type { SendRequest } from "./request/send-request";
import type { AuthRuntime } from "./runtime";
import type { AuthSession } from "./session";

/** Outcome of a call whose expected failures are data: the server's `KnownError` (code + message). */
export type AuthResult<T> = { status: "ok"; data: T } | { status: "error"; error: KnownError };

export interface AppCore {
  projectId: string;
  /** `{baseUrl}/api/v1`: calls outside the request sender (OAuth token endpoint) start here. */
  apiUrl: string;
  publishableClientKey: string | undefined;
  runtime: AuthRuntime;
  session: AuthSession;
  send: SendRequest;
}

/** Structural view of a zod schema, so this package needs no direct zod dependency. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export async function parseResponse<T>(response: Response, schema: ResponseSchema<T>): Promise<T> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    throw new AuthProtocolError(`Unexpected response from ${response.url || "the auth server"}`, {
      cause: result.error,
    });
  }
  return result.data;
}
