/**
 * @module
 * Managing the signed-in user's own e-mail addresses (contract §2.6): add one, send it a
 * verification link, make it the primary address, stop using it for sign-in, delete it.
 * Expected failures (address taken, not found, …) are `AuthResult`s.
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AppCore, AuthResult } from "../calls-core";
import { AuthProtocolError } from "../errors";
import type { ContactChannel } from "../sign-in/account-credentials";

export interface ContactChannelCalls {
  /** `POST /contact-channels` for the signed-in user. */
  createContactChannel(input: {
    value: string;
    usedForAuth: boolean;
    isPrimary?: boolean;
  }): Promise<AuthResult<ContactChannel>>;
  /** `PATCH /contact-channels/me/{id}`. */
  updateContactChannel(
    id: string,
    patch: { value?: string; usedForAuth?: boolean; isPrimary?: boolean },
  ): Promise<AuthResult<ContactChannel>>;
  /** `DELETE /contact-channels/me/{id}`. */
  deleteContactChannel(id: string): Promise<AuthResult<void>>;
  /** `POST /contact-channels/me/{id}/send-verification-code` (`?code=` is appended to the URL). */
  sendContactChannelVerificationEmail(
    id: string,
    options: { callbackUrl: string },
  ): Promise<AuthResult<void>>;
}

function readChannel(body: unknown): ContactChannel {
  const wire = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (
    typeof wire.id !== "string" ||
    typeof wire.user_id !== "string" ||
    typeof wire.value !== "string" ||
    wire.type !== "email" ||
    typeof wire.used_for_auth !== "boolean" ||
    typeof wire.is_verified !== "boolean" ||
    typeof wire.is_primary !== "boolean"
  ) {
    throw new AuthProtocolError("Unexpected contact channel in the auth server's answer");
  }
  return {
    id: wire.id,
    userId: wire.user_id,
    value: wire.value,
    type: "email",
    usedForAuth: wire.used_for_auth,
    isVerified: wire.is_verified,
    isPrimary: wire.is_primary,
  };
}

export function createContactChannelCalls(core: AppCore): ContactChannelCalls {
  const { send, session } = core;
  const channelPath = (id: string) => `/contact-channels/me/${encodeURIComponent(id)}`;

  /** Sends with the user's session; known errors become results, other failures reject. */
  const call = async <T>(
    path: string,
    init: { method: "POST" | "PATCH" | "DELETE"; body: Record<string, unknown> },
    read: (body: unknown) => T,
  ): Promise<AuthResult<T>> => {
    let response: Response;
    try {
      response = await send(path, { ...init, session });
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error };
      throw error;
    }
    return { status: "ok", data: read(await response.json()) };
  };

  return {
    createContactChannel: ({ value, usedForAuth, isPrimary }) =>
      call(
        "/contact-channels",
        {
          method: "POST",
          body: {
            user_id: "me",
            type: "email",
            value,
            used_for_auth: usedForAuth,
            ...(isPrimary === undefined ? {} : { is_primary: isPrimary }),
          },
        },
        readChannel,
      ),
    updateContactChannel: (id, { value, usedForAuth, isPrimary }) =>
      call(
        channelPath(id),
        {
          method: "PATCH",
          body: {
            ...(value === undefined ? {} : { value }),
            ...(usedForAuth === undefined ? {} : { used_for_auth: usedForAuth }),
            ...(isPrimary === undefined ? {} : { is_primary: isPrimary }),
          },
        },
        readChannel,
      ),
    deleteContactChannel: (id) =>
      call(channelPath(id), { method: "DELETE", body: {} }, () => undefined),
    sendContactChannelVerificationEmail: (id, { callbackUrl }) =>
      call(
        `${channelPath(id)}/send-verification-code`,
        { method: "POST", body: { callback_url: callbackUrl } },
        () => undefined,
      ),
  };
}
