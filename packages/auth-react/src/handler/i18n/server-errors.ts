/**
 * @module
 * The server's known errors (auth-platform spec section 8) the handler pages can meet, as catalogue
 * texts: the code names the text, the error's details fill it in. A code not listed here shows the
 * generic "Something went wrong" text in German and Bosnian.
 */
import type { MessageKey } from "./en";

export interface ServerErrorText {
  key: MessageKey;
  values?: Record<string, string | number>;
}

type Details = Record<string, unknown>;

const stringOf = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

const numberOf = (value: unknown, fallback: number): number =>
  typeof value === "number" ? value : fallback;

/** Codes whose text takes nothing from the details. */
const plainCodes: Partial<Record<string, MessageKey>> = {
  EMAIL_PASSWORD_MISMATCH: "error.EMAIL_PASSWORD_MISMATCH",
  EMAIL_NOT_VERIFIED: "error.EMAIL_NOT_VERIFIED",
  EMAIL_ALREADY_VERIFIED: "error.EMAIL_ALREADY_VERIFIED",
  EMAIL_IS_NOT_PRIMARY_EMAIL: "error.EMAIL_IS_NOT_PRIMARY_EMAIL",
  EMAIL_NOT_ASSOCIATED_WITH_USER: "error.EMAIL_NOT_ASSOCIATED_WITH_USER",
  USER_NOT_FOUND: "error.USER_NOT_FOUND",
  USER_ID_DOES_NOT_EXIST: "error.USER_NOT_FOUND",
  USER_DOES_NOT_HAVE_PASSWORD: "error.USER_DOES_NOT_HAVE_PASSWORD",
  PASSWORD_REQUIREMENTS_NOT_MET: "error.PASSWORD_REQUIREMENTS_NOT_MET",
  PASSWORD_CONFIRMATION_MISMATCH: "error.PASSWORD_CONFIRMATION_MISMATCH",
  SIGN_UP_NOT_ENABLED: "error.SIGN_UP_NOT_ENABLED",
  SIGN_UP_REJECTED: "error.SIGN_UP_REJECTED",
  BOT_CHALLENGE_REQUIRED: "error.BOT_CHALLENGE",
  BOT_CHALLENGE_FAILED: "error.BOT_CHALLENGE",
  PASSWORD_AUTHENTICATION_NOT_ENABLED: "error.PASSWORD_AUTHENTICATION_NOT_ENABLED",
  PASSKEY_AUTHENTICATION_NOT_ENABLED: "error.PASSKEY_AUTHENTICATION_NOT_ENABLED",
  PASSKEY_AUTHENTICATION_FAILED: "error.PASSKEY_FAILED",
  PASSKEY_REGISTRATION_FAILED: "error.PASSKEY_FAILED",
  PASSKEY_WEBAUTHN_ERROR: "error.PASSKEY_FAILED",
  REDIRECT_URL_NOT_WHITELISTED: "error.REDIRECT_URL_NOT_WHITELISTED",
  VERIFICATION_CODE_NOT_FOUND: "error.VERIFICATION_CODE_NOT_FOUND",
  VERIFICATION_CODE_EXPIRED: "error.VERIFICATION_CODE_EXPIRED",
  VERIFICATION_CODE_ALREADY_USED: "error.VERIFICATION_CODE_ALREADY_USED",
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: "error.VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
  INVALID_TOTP_CODE: "error.INVALID_TOTP_CODE",
  // A session that ended (revoked elsewhere, expired) while the page was open.
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: "error.SESSION_EXPIRED",
  USER_AUTHENTICATION_REQUIRED: "error.SESSION_EXPIRED",
  CANNOT_GET_OWN_USER_WITHOUT_USER: "error.SESSION_EXPIRED",
  CANNOT_DELETE_CURRENT_SESSION: "error.CANNOT_DELETE_CURRENT_SESSION",
  RESTRICTED_USER_NOT_ALLOWED: "error.RESTRICTED_USER",
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: "error.TEAM_INVITATION_RESTRICTED_USER",
  TEAM_INVITATION_EMAIL_MISMATCH: "error.TEAM_INVITATION_EMAIL_MISMATCH",
  TEAM_NOT_FOUND: "error.TEAM_NOT_FOUND",
  TEAM_MEMBERSHIP_NOT_FOUND: "error.TEAM_MEMBERSHIP_NOT_FOUND",
  TEAM_MEMBERSHIP_ALREADY_EXISTS: "error.TEAM_MEMBERSHIP_ALREADY_EXISTS",
  TEAM_PERMISSION_REQUIRED: "error.TEAM_PERMISSION_REQUIRED",
  TEAM_PERMISSION_NOT_FOUND: "error.TEAM_PERMISSION_REQUIRED",
  API_KEY_NOT_FOUND: "error.API_KEY_NOT_FOUND",
  API_KEY_EXPIRED: "error.API_KEY_EXPIRED",
  API_KEY_REVOKED: "error.API_KEY_REVOKED",
  OUTER_OAUTH_TIMEOUT: "error.OUTER_OAUTH_TIMEOUT",
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: "error.OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  OAUTH_PROVIDER_ACCESS_DENIED: "error.OAUTH_PROVIDER_ACCESS_DENIED",
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: "error.OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
  INVALID_AUTHORIZATION_CODE: "error.INVALID_AUTHORIZATION_CODE",
  INVALID_APPLE_CREDENTIALS: "error.INVALID_APPLE_CREDENTIALS",
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: "error.OAUTH_ACCOUNT_ALREADY_CONNECTED",
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: "error.OAUTH_ACCOUNT_ALREADY_CONNECTED",
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: "error.OAUTH_ACCOUNT_ALREADY_CONNECTED",
};

/** The catalogue text of a server error, or null when the pages have none for its code. */
export function serverErrorText(code: string, details: unknown): ServerErrorText | null {
  const fields: Details =
    typeof details === "object" && details !== null ? (details as Details) : {};
  switch (code) {
    case "PASSWORD_TOO_SHORT":
      return { key: "password.tooShort", values: { min: numberOf(fields.min_length, 8) } };
    case "PASSWORD_TOO_LONG":
      return { key: "password.tooLong", values: { max: numberOf(fields.maxLength, 70) } };
    case "USER_EMAIL_ALREADY_EXISTS": {
      const email = stringOf(fields.email) ?? "";
      return fields.would_work_if_email_was_verified === true
        ? { key: "error.USER_EMAIL_ALREADY_EXISTS_UNVERIFIED", values: { email } }
        : { key: "error.USER_EMAIL_ALREADY_EXISTS", values: { email } };
    }
    case "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE": {
      const email = stringOf(fields.contact_channel_value);
      return email === null
        ? { key: "error.CONTACT_CHANNEL_ALREADY_USED_NO_VALUE" }
        : { key: "error.CONTACT_CHANNEL_ALREADY_USED", values: { email } };
    }
    default: {
      const key = plainCodes[code];
      return key === undefined ? null : { key };
    }
  }
}
