/**
 * @module
 * Errors of the client that are not known errors of the wire protocol (those are `KnownError`s from
 * `@heritage/auth-protocol`): a failed HTTP status without a known-error body, a network failure that
 * outlived its retries, and the runtime being offline.
 */

/**
 * The server answered with a non-success status and no known error (plain-text 4xx, any 5xx, a 429
 * that outlived its retries). `body` is the response text.
 */
export class AuthHttpError extends Error {
  override readonly name = "AuthHttpError";
  readonly status: number;
  readonly body: string;
  readonly url: string;

  constructor(url: string, status: number, body: string) {
    super(`Failed to send request to ${url}: ${status} ${body}`);
    this.status = status;
    this.body = body;
    this.url = url;
  }
}

/** The server could not be reached (after retries where retrying was allowed). */
export class AuthNetworkError extends Error {
  override readonly name = "AuthNetworkError";

  constructor(url: string, cause: unknown) {
    super(
      `Unable to connect to the auth server (${url}). Please check your internet connection and try again.`,
      { cause },
    );
  }
}

/** A network failure while the runtime reports that it is offline. */
export class AuthOfflineError extends Error {
  override readonly name = "AuthOfflineError";

  constructor(cause: unknown) {
    super(
      "You are offline. Please check your internet connection and try again. (window.navigator.onLine is false)",
      { cause },
    );
  }
}

/** The server's answer breaks the protocol (e.g. a known-error header that does not match the body). */
export class AuthProtocolError extends Error {
  override readonly name = "AuthProtocolError";
}
