/**
 * Sign-in with an e-mailed code (contract §2.4) and anonymous sign-up (§2.13) responses.
 * @module
 */
import { z } from "zod";

/** `POST /auth/otp/send-sign-in-code`: the nonce to send back after the 6-character OTP. */
export const sendSignInCodeResponseSchema = z.strictObject({ nonce: z.string() });
export type SendSignInCodeResponse = z.infer<typeof sendSignInCodeResponseSchema>;

/** `POST /auth/otp/sign-in`: a sign-in response that also says whether the user was just created. */
export const otpSignInResponseSchema = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
  is_new_user: z.boolean(),
  user_id: z.uuid(),
});
export type OtpSignInResponse = z.infer<typeof otpSignInResponseSchema>;
