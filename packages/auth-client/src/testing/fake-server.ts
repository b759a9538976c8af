/**
 * @module
 * Test doubles for the client's outside world: a recording fake `fetch`, unsigned access tokens with
 * valid claims, wire responses (known errors, override-error-status) and a runtime whose clock, sleep
 * and randomness are controlled. Used by the package's own tests only (not exported).
 */
import type { KnownErrorCode } from "@heritage/auth-protocol";
import type { AuthRuntime } from "../runtime";

export const projectId = "6f0d2f4e-1c1a-4d5e-9a7b-2b3c4d5e6f70";
export const userId = "0b6f3f0e-6d2a-4c1e-8f3a-9d8c7b6a5f40";
export const sessionId = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
/** The fake clock's start: 2026-01-01T00:00:00Z. */
export const startMs = Date.UTC(2026, 0, 1);

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT with the 18 claims; `expiresInS`/`issuedAgoS` relative to `nowMs`. */
export function makeAccessToken(
  options: { nowMs?: number; expiresInS?: number; issuedAgoS?: number; tag?: string } = {},
): string {
  const nowS = Math.floor((options.nowMs ?? startMs) / 1000);
  const payload = {
    iss: `http://localhost/api/v1/projects/${projectId}`,
    aud: projectId,
    sub: userId,
    iat: nowS - (options.issuedAgoS ?? 0),
    exp: nowS + (options.expiresInS ?? 600),
    project_id: projectId,
    branch_id: "main",
    refresh_token_id: sessionId,
    role: "authenticated",
    name: options.tag ?? null,
    email: "ana@example.org",
    email_verified: true,
    selected_team_id: null,
    signed_up_at: nowS - 1000,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    requires_totp_mfa: false,
  };
  return `${base64Url(JSON.stringify({ alg: "ES256", kid: "k1" }))}.${base64Url(JSON.stringify(payload))}.c2ln`;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>;

/** A fake `fetch` answering with `handler` and recording every call. */
export function createFakeFetch(handler: FakeHandler) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const call: RecordedCall = {
      url: input,
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : null,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls };
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", ...init.headers },
  });
}

/**
 * A known-error response as the server sends it. With `overridden` (the request asked for
 * override-error-status) the HTTP status is 200 and the real one is in `x-*-actual-status`.
 */
export function knownErrorResponse(
  code: KnownErrorCode | string,
  status: number,
  options: { details?: unknown; message?: string; overridden?: boolean } = {},
): Response {
  const body = {
    code,
    error: options.message ?? `Error ${code}`,
    ...(options.details === undefined ? {} : { details: options.details }),
  };
  const overridden = options.overridden ?? true;
  return jsonResponse(body, {
    status: overridden ? 200 : status,
    headers: {
      "x-hexclave-known-error": code,
      "x-stack-known-error": code,
      ...(overridden
        ? { "x-hexclave-actual-status": String(status), "x-stack-actual-status": String(status) }
        : {}),
    },
  });
}

/** The refresh grant's success answer. */
export function refreshGrantResponse(accessToken: string): Response {
  return jsonResponse({
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: 599,
    scope: "legacy",
    afterCallbackRedirectUrl: null,
    after_callback_redirect_url: null,
  });
}

/** A runtime whose clock stands still unless moved, whose sleep only records, random = 0.5. */
export function createTestRuntime(fetch: AuthRuntime["fetch"]) {
  const sleeps: number[] = [];
  const state = { nowMs: startMs, online: true, random: 0.5 };
  const runtime: AuthRuntime = {
    fetch,
    now: () => state.nowMs,
    sleep: async (ms) => {
      sleeps.push(ms);
      state.nowMs += ms;
    },
    random: () => state.random,
    isOnline: () => state.online,
  };
  return { runtime, sleeps, state };
}

export function makeClientUser(overrides: Record<string, unknown> = {}) {
  return {
    id: userId,
    primary_email: "ana@example.org",
    primary_email_verified: true,
    display_name: "Ana",
    profile_image_url: null,
    signed_up_at_millis: startMs - 1_000_000,
    client_metadata: null,
    client_read_only_metadata: null,
    has_password: true,
    otp_auth_enabled: false,
    passkey_auth_enabled: false,
    auth_with_email: true,
    requires_totp_mfa: false,
    oauth_providers: [],
    selected_team_id: null,
    selected_team: null,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    restricted_by_admin: false,
    restricted_by_admin_reason: null,
    ...overrides,
  };
}

export function makeServerUser(overrides: Record<string, unknown> = {}) {
  return {
    ...makeClientUser(),
    primary_email_auth_enabled: true,
    last_active_at_millis: startMs - 1000,
    server_metadata: null,
    restricted_by_admin_private_details: null,
    country_code: null,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
    ...overrides,
  };
}
