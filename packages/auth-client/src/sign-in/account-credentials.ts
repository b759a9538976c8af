/**
 * @module
 * Password reset, password change and e-mail verification (contract §2.2, §2.3, §2.6) for every
 * access level: the calls of the signed-in user's session plus the code-redeeming calls of the
 * links mailed by the server. Expected failures (wrong code, short password, …) are `AuthResult`s.
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AppCore, AuthResult } from "../calls-core";
import { AuthProtocolError } from "../errors";

/** One of the signed-in user's e-mail addresses. */
export interface ContactChannel {
  id: string;
  userId: string;
  value: string;
  type: "email";
  usedForAuth: boolean;
  isVerified: boolean;
  isPrimary: boolean;
}

export interface AccountCredentialCalls {
  /** `POST /auth/password/send-reset-code`; succeeds whether or not the address has an account. */
  sendForgotPasswordEmail(
    email: string,
    options: { callbackUrl: string },
  ): Promise<AuthResult<void>>;
  /** `POST /auth/password/reset/check-code`: whether the link's code can still reset a password. */
  verifyPasswordResetCode(code: string): Promise<AuthResult<void>>;
  /** `POST /auth/password/reset`; all the user's sessions end. */
  resetPassword(input: { code: string; password: string }): Promise<AuthResult<void>>;
  /** `POST /auth/password/update` for the signed-in user; their other sessions end. */
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<AuthResult<void>>;
  /** `POST /auth/password/set` for a signed-in user without a password. */
  setPassword(input: { password: string }): Promise<AuthResult<void>>;
  /** `GET /contact-channels?user_id=me`, oldest first. */
  listContactChannels(): Promise<ContactChannel[]>;
  /** Mails a verification link for the primary e-mail (`?code=` is appended to `callbackUrl`). */
  sendVerificationEmail(options: { callbackUrl: string }): Promise<AuthResult<void>>;
  /** `POST /contact-channels/verify` with the code of a verification link. */
  verifyEmail(code: string): Promise<AuthResult<void>>;
}

interface WireContactChannel {
  id: string;
  user_id: string;
  value: string;
  type: "email";
  used_for_auth: boolean;
  is_verified: boolean;
  is_primary: boolean;
}

function isWireContactChannel(value: unknown): value is WireContactChannel {
  if (typeof value !== "object" || value === null) return false;
  const channel = value as Record<string, unknown>;
  return (
    typeof channel.id === "string" &&
    typeof channel.user_id === "string" &&
    typeof channel.value === "string" &&
    channel.type === "email" &&
    typeof channel.used_for_auth === "boolean" &&
    typeof channel.is_verified === "boolean" &&
    typeof channel.is_primary === "boolean"
  );
}

function toContactChannel(wire: WireContactChannel): ContactChannel {
  return {
    id: wire.id,
    userId: wire.user_id,
    value: wire.value,
    type: wire.type,
    usedForAuth: wire.used_for_auth,
    isVerified: wire.is_verified,
    isPrimary: wire.is_primary,
  };
}

export function createAccountCredentialCalls(core: AppCore): AccountCredentialCalls {
  const { send, session } = core;

  /** POSTs and turns known errors into results; other failures reject. */
  const post = async (
    path: string,
    body: Record<string, unknown>,
    withSession: boolean,
  ): Promise<AuthResult<void>> => {
    try {
      await send(path, { method: "POST", body, session: withSession ? session : null });
      return { status: "ok", data: undefined };
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error };
      throw error;
    }
  };

  const listContactChannels = async (): Promise<ContactChannel[]> => {
    const response = await send("/contact-channels", { query: { user_id: "me" }, session });
    const body = (await response.json()) as { items?: unknown };
    if (!Array.isArray(body.items) || !body.items.every(isWireContactChannel)) {
      throw new AuthProtocolError("Unexpected response from GET /contact-channels");
    }
    return body.items.map(toContactChannel);
  };

  return {
    sendForgotPasswordEmail: (email, { callbackUrl }) =>
      post("/auth/password/send-reset-code", { email, callback_url: callbackUrl }, false),
    verifyPasswordResetCode: (code) => post("/auth/password/reset/check-code", { code }, false),
    resetPassword: ({ code, password }) => post("/auth/password/reset", { code, password }, false),
    updatePassword: ({ oldPassword, newPassword }) =>
      post("/auth/password/update", { old_password: oldPassword, new_password: newPassword }, true),
    setPassword: ({ password }) => post("/auth/password/set", { password }, true),
    listContactChannels,
    async sendVerificationEmail({ callbackUrl }) {
      const primary = (await listContactChannels()).find((channel) => channel.isPrimary);
      if (!primary) throw new AuthProtocolError("The signed-in user has no primary e-mail");
      return post(
        `/contact-channels/me/${encodeURIComponent(primary.id)}/send-verification-code`,
        { callback_url: callbackUrl },
        true,
      );
    },
    verifyEmail: (code) => post("/contact-channels/verify", { code }, false),
  };
}
