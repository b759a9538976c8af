/**
 * CLI sign-in (contract §2.17): initiate, poll and complete responses.
 * @module
 */
import { z } from "zod";

/** `POST /auth/cli` response. */
export const cliAuthInitResponseSchema = z.strictObject({
  polling_code: z.string(),
  login_code: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
});
export type CliAuthInitResponse = z.infer<typeof cliAuthInitResponseSchema>;

/** `POST /auth/cli/poll` response: 201 with the refresh token on success, 200 otherwise. */
export const cliAuthPollResponseSchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("waiting") }),
  z.strictObject({ status: z.literal("success"), refresh_token: z.string() }),
  z.strictObject({ status: z.literal("expired") }),
  z.strictObject({ status: z.literal("used") }),
]);
export type CliAuthPollResponse = z.infer<typeof cliAuthPollResponseSchema>;

/** `POST /auth/cli/complete` with `mode: "check"`. */
export const cliAuthCheckResponseSchema = z.strictObject({
  cli_session_state: z.enum(["anonymous", "none"]),
});
export type CliAuthCheckResponse = z.infer<typeof cliAuthCheckResponseSchema>;

/** `POST /auth/cli/complete` with `mode: "claim-anon-session"`. */
export const cliAuthClaimResponseSchema = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type CliAuthClaimResponse = z.infer<typeof cliAuthClaimResponseSchema>;
