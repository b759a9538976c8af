/**
 * Test assertion for known-error responses (contract §1.4): status, the known-error header (in one
 * spelling) and the body's code must agree. Returns the parsed body for further checks.
 * @module
 */
import type { KnownErrorCode } from "@heritage/auth-protocol";
import { expect } from "vitest";

export interface KnownErrorBody {
  code: string;
  error: string;
  details?: Record<string, unknown>;
}

export async function expectKnownError(
  response: Response,
  code: KnownErrorCode,
  status: number,
): Promise<KnownErrorBody> {
  const body = (await response.json()) as KnownErrorBody;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  // One spelling, the request's (x-stack-* unless it sent an x-hexclave-* header).
  const stack = response.headers.get("x-stack-known-error");
  const hexclave = response.headers.get("x-hexclave-known-error");
  expect({ stack, hexclave }).toEqual(
    hexclave === null ? { stack: code, hexclave: null } : { stack: null, hexclave: code },
  );
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return body;
}

/** A plain-text (non-known) error: status and exact body, no known-error header. */
export async function expectTextError(
  response: Response,
  status: number,
  text: string,
): Promise<void> {
  expect({ status: response.status, text: await response.text() }).toEqual({ status, text });
  expect(response.headers.get("x-stack-known-error")).toBeNull();
  expect(response.headers.get("x-hexclave-known-error")).toBeNull();
}
