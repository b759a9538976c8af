/**
 * @module
 * Reading the error side of a response (contract §1.4): the real status behind
 * override-error-status, and known errors rebuilt from `code` + `details` into the `KnownError`s of
 * `@heritage/auth-protocol`. An unknown code becomes `UNSUPPORTED_ERROR`.
 */
import {
  actualStatusHeaderNames,
  type KnownError,
  knownErrorHeaderNames,
  parseWireError,
} from "@heritage/auth-protocol";
import { AuthProtocolError } from "../errors";

function readFirstHeader(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) return value;
  }
  return null;
}

/**
 * The status the server meant: `x-hexclave-actual-status` (else `x-stack-actual-status`) when the
 * server turned a 4xx into a 200 because the request asked it to, the HTTP status otherwise.
 */
export function getActualStatus(response: Response): number {
  const actual = readFirstHeader(response.headers, actualStatusHeaderNames);
  if (actual === null) return response.status;
  const status = Number(actual);
  return Number.isInteger(status) ? status : response.status;
}

/**
 * The known error a response carries, or null when it has no known-error header. The header must
 * name the same code as the body, as the SDK asserts.
 */
export async function readKnownError(
  response: Response,
  status: number,
): Promise<KnownError | null> {
  const headerCode = readFirstHeader(response.headers, knownErrorHeaderNames);
  if (headerCode === null) return null;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const bodyCode =
    typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
  if (bodyCode !== headerCode) {
    throw new AuthProtocolError(
      `The known-error header (${headerCode}) does not match the error code in the body; the server's response is invalid.`,
    );
  }
  return parseWireError(status, body);
}
