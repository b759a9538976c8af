/**
 * Session and token responses (contract §1.7, §2.5).
 * @module
 */
import { z } from "zod";
import { listEnvelopeSchema } from "./list";

/** `POST /auth/password/sign-in` and `/auth/password/sign-up` response. */
export const signInResponseSchema = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: z.uuid(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * `POST /auth/oauth/token` response for `grant_type=refresh_token`. The refresh token is never rotated,
 * so no `refresh_token` comes back. The SDK only needs `access_token` and a case-insensitive `bearer`
 * `token_type`; the other keys follow the reference's OAuth library.
 */
export const refreshGrantResponseSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.string().regex(/^bearer$/i, "must be bearer"),
  /** Informational only (≈ access-token lifetime in seconds). */
  expires_in: z.int(),
  scope: z.string(),
  afterCallbackRedirectUrl: z.string().nullable(),
  after_callback_redirect_url: z.string().nullable(),
});
export type RefreshGrantResponse = z.infer<typeof refreshGrantResponseSchema>;

/** `POST /auth/sessions` (server creates a session for a user) response. */
export const createSessionResponseSchema = z.strictObject({
  refresh_token: z.string(),
  access_token: z.string(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

/** `POST /auth/sessions/current/refresh` response. */
export const refreshSessionResponseSchema = z.strictObject({ access_token: z.string() });
export type RefreshSessionResponse = z.infer<typeof refreshSessionResponseSchema>;

/** Where a session was last used from. */
export const endUserIpInfoSchema = z.strictObject({
  ip: z.string(),
  countryCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  cityName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tzIdentifier: z.string().nullable(),
});
export type EndUserIpInfo = z.infer<typeof endUserIpInfoSchema>;

/** One item of `GET /auth/sessions`; times in milliseconds. */
export const sessionSchema = z.strictObject({
  id: z.uuid(),
  user_id: z.uuid(),
  created_at: z.int(),
  last_used_at: z.int(),
  is_impersonation: z.boolean(),
  is_current_session: z.boolean(),
  last_used_at_end_user_ip_info: endUserIpInfoSchema.optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** `GET /auth/sessions` response (newest first, never paginated). */
export const sessionListResponseSchema = listEnvelopeSchema(sessionSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;
