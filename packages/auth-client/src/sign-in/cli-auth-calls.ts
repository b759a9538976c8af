/**
 * @module
 * CLI sign-in (contract §2.17): `promptCliLogin` is what a command-line program runs (start an
 * attempt, show the confirmation link, poll until the user confirms); `completeCliLogin` is what the
 * signed-in user's app runs on the confirmation page (hands the attempt the user's session).
 */
import {
  cliAuthInitResponseSchema,
  cliAuthPollResponseSchema,
  isKnownError,
  knownErrors,
} from "@heritage/auth-protocol";
import { type AppCore, type AuthResult, parseResponse } from "../calls-core";
import { AuthHttpError } from "../errors";

export interface PromptCliLoginOptions {
  /** Origin (or base URL) of the app whose confirmation page the user opens. */
  appUrl: string;
  /** Path of the confirmation page, resolved against `appUrl`; default `/handler/cli-auth-confirm`. */
  confirmPath?: string;
  /** How long the attempt stays open; the server allows up to 24 h and defaults to 2 h. */
  expiresInMillis?: number;
  /** Polls before giving up; default: until the attempt ends. */
  maxAttempts?: number;
  /** Pause between polls; default 2 s. */
  waitTimeMillis?: number;
  /** Shows the link to the user; without it the link is not shown anywhere (a library never logs). */
  promptLink?: (url: string, loginCode: string) => void;
  /** The CLI's anonymous session, which the browser may then take over. */
  anonRefreshToken?: string;
}

export interface CliAuthCalls {
  /**
   * Runs the CLI side of the sign-in; resolves with the refresh token of the CLI's new session, or
   * `CLI_AUTH_EXPIRED_ERROR`, `CLI_AUTH_USED_ERROR` or `CLI_AUTH_ERROR` (also when polls run out).
   */
  promptCliLogin(options: PromptCliLoginOptions): Promise<AuthResult<string>>;
  /**
   * The confirmation page's call: `POST /auth/cli/complete` with the login code and the signed-in
   * user's refresh token. A wrong or spent code is an error result, as is being signed out.
   */
  completeCliLogin(loginCode: string): Promise<AuthResult<void>>;
}

export const defaultCliConfirmPath = "/handler/cli-auth-confirm";
const defaultPollIntervalMs = 2000;

export function createCliAuthCalls(core: AppCore): CliAuthCalls {
  const { send, session, runtime } = core;
  const failure = (message: string): AuthResult<never> => ({
    status: "error",
    error: knownErrors.cliAuthError({ message }),
  });

  return {
    async promptCliLogin(options) {
      const started = await send("/auth/cli", {
        method: "POST",
        body: {
          ...(options.expiresInMillis === undefined
            ? {}
            : { expires_in_millis: options.expiresInMillis }),
          ...(options.anonRefreshToken === undefined
            ? {}
            : { anon_refresh_token: options.anonRefreshToken }),
        },
      });
      const attempt = await parseResponse(started, cliAuthInitResponseSchema);
      const url = new URL(options.confirmPath ?? defaultCliConfirmPath, options.appUrl);
      url.searchParams.set("login_code", attempt.login_code);
      options.promptLink?.(url.toString(), attempt.login_code);

      const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
      for (let polls = 0; polls < maxAttempts; polls += 1) {
        const response = await send("/auth/cli/poll", {
          method: "POST",
          body: { polling_code: attempt.polling_code },
        });
        const result = await parseResponse(response, cliAuthPollResponseSchema);
        switch (result.status) {
          case "success":
            return { status: "ok", data: result.refresh_token };
          case "expired":
            return { status: "error", error: knownErrors.cliAuthExpiredError({}) };
          case "used":
            return { status: "error", error: knownErrors.cliAuthUsedError({}) };
          case "waiting":
            if (polls + 1 < maxAttempts) {
              await runtime.sleep(options.waitTimeMillis ?? defaultPollIntervalMs);
            }
        }
      }
      return failure("Timed out waiting for CLI authentication.");
    },

    async completeCliLogin(loginCode) {
      const tokens = await session.getTokens();
      if (!tokens?.refreshToken)
        return { status: "error", error: knownErrors.userAuthenticationRequired() };
      try {
        await send("/auth/cli/complete", {
          method: "POST",
          body: { login_code: loginCode, refresh_token: tokens.refreshToken },
          session,
        });
        return { status: "ok", data: undefined };
      } catch (error) {
        if (isKnownError(error)) return { status: "error", error };
        // The server answers a wrong or spent code with a plain 400 text.
        if (error instanceof AuthHttpError && error.status === 400) return failure(error.body);
        throw error;
      }
    },
  };
}
