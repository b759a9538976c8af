import { describe, expect, expectTypeOf, it } from "vitest";
import {
  isKnownError,
  isKnownErrorInFamily,
  KnownError,
  knownErrors,
  parseWireError,
  toWireError,
} from "./known-errors";

const debugInfo =
  "Debug info: Most likely, you fetched the access token before it expired (for example, in a server component, pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using the SDK, make sure you refresh the access token with the refresh endpoint.";

describe("messages match the contract (§4)", () => {
  it("PASSWORD_TOO_SHORT", () => {
    const error = knownErrors.passwordTooShort({ min_length: 8 });
    expect(error.message).toBe("Password too short. Minimum length is 8.");
    expect(toWireError(error)).toEqual({
      code: "PASSWORD_TOO_SHORT",
      error: "Password too short. Minimum length is 8.",
      details: { min_length: 8 },
    });
  });

  it("PASSWORD_TOO_LONG keeps the camelCase maxLength detail", () => {
    expect(toWireError(knownErrors.passwordTooLong({ maxLength: 70 }))).toEqual({
      code: "PASSWORD_TOO_LONG",
      error: "Password too long. Maximum length is 70.",
      details: { maxLength: 70 },
    });
  });

  it("INSUFFICIENT_ACCESS_TYPE joins two allowed types with ' or '", () => {
    const error = knownErrors.insufficientAccessType({
      actual_access_type: "client",
      allowed_access_types: ["server", "admin"],
    });
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    );
  });

  it("USER_EMAIL_ALREADY_EXISTS, plain", () => {
    const error = knownErrors.userEmailAlreadyExists({
      email: "ana@example.com",
      would_work_if_email_was_verified: false,
    });
    expect(error.status).toBe(409);
    expect(error.message).toBe('A user with email "ana@example.com" already exists.');
    expect(error.details).toEqual({
      email: "ana@example.com",
      would_work_if_email_was_verified: false,
    });
  });

  it("USER_EMAIL_ALREADY_EXISTS, would work if the email was verified", () => {
    const error = knownErrors.userEmailAlreadyExists({
      email: "ana@example.com",
      would_work_if_email_was_verified: true,
    });
    expect(error.message).toBe(
      'A user with email "ana@example.com" already exists but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.',
    );
  });

  it("ACCESS_TOKEN_EXPIRED with every optional part and the debug footnote", () => {
    const error = knownErrors.accessTokenExpired({
      expired_at_millis: Date.UTC(2025, 0, 2, 3, 4, 5),
      project_id: "internal",
      user_id: "u-1",
      refresh_token_id: "r-1",
    });
    expect(error.message).toBe(
      `Access token has expired. Please refresh it and try again. (The access token expired at 2025-01-02T03:04:05.000Z.) Project ID: internal. User ID: u-1. Refresh token ID: r-1.\n\n${debugInfo}`,
    );
  });

  it("ACCESS_TOKEN_EXPIRED without a token: all details null, optional parts left out", () => {
    const error = knownErrors.accessTokenExpired();
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      `Access token has expired. Please refresh it and try again.\n\n${debugInfo}`,
    );
    expect(toWireError(error).details).toEqual({
      expired_at_millis: null,
      project_id: null,
      user_id: null,
      refresh_token_id: null,
    });
  });

  it("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE without a value leaves two spaces", () => {
    expect(
      knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse({ type: "email" }).message,
    ).toBe("This email  is already used for authentication by another account.");
  });
});

describe("wire mapping", () => {
  it("omits details when the code has none", () => {
    expect(toWireError(knownErrors.emailPasswordMismatch())).toStrictEqual({
      code: "EMAIL_PASSWORD_MISMATCH",
      error: "Wrong e-mail or password.",
    });
  });

  it("parses message and details from the body, status from the catalogue", () => {
    const parsed = parseWireError(200, {
      code: "TEAM_MEMBERSHIP_NOT_FOUND",
      error: "User u is not found in team t.",
      details: { team_id: "t", user_id: "u" },
    });
    expect(isKnownError(parsed, "TEAM_MEMBERSHIP_NOT_FOUND")).toBe(true);
    expect(parsed.status).toBe(404);
    expect(parsed.message).toBe("User u is not found in team t.");
    expect(parsed.details).toEqual({ team_id: "t", user_id: "u" });
  });

  it("parses the reference's detail-less BODY_PARSING_ERROR using the body's message", () => {
    const parsed = parseWireError(400, {
      code: "BODY_PARSING_ERROR",
      error: "Invalid JSON in request body",
    });
    expect(parsed.code).toBe("BODY_PARSING_ERROR");
    expect(parsed.details).toEqual({ message: "Invalid JSON in request body" });
  });

  it("fills defaults the SDK also assumes (ACCESS_TOKEN_EXPIRED with empty details)", () => {
    const parsed = parseWireError(401, { code: "ACCESS_TOKEN_EXPIRED", error: "expired" });
    expect(isKnownErrorInFamily(parsed, "INVALID_ACCESS_TOKEN")).toBe(true);
    expect(parsed.details).toEqual({
      expired_at_millis: null,
      project_id: null,
      user_id: null,
      refresh_token_id: null,
    });
  });
});

describe("unknown codes become UNSUPPORTED_ERROR", () => {
  it("keeps the original code, message and status", () => {
    const parsed = parseWireError(418, { code: "BRAND_NEW_ERROR", error: "Something new." });
    expect(isKnownError(parsed, "UNSUPPORTED_ERROR")).toBe(true);
    expect(parsed.status).toBe(500);
    expect(parsed.details).toEqual({
      originalErrorCode: "BRAND_NEW_ERROR",
      originalMessage: "Something new.",
      originalStatus: 418,
    });
    expect(parsed.message).toBe(
      "An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: BRAND_NEW_ERROR",
    );
  });

  it("treats codes the SDK cannot parse (TEAM_ALREADY_EXISTS) and abstract codes as unknown", () => {
    expect(parseWireError(409, { code: "TEAM_ALREADY_EXISTS", error: "x" }).code).toBe(
      "UNSUPPORTED_ERROR",
    );
    expect(parseWireError(401, { code: "REFRESH_TOKEN_ERROR", error: "x" }).code).toBe(
      "UNSUPPORTED_ERROR",
    );
  });

  it("treats a known code with unusable details as unsupported", () => {
    const parsed = parseWireError(400, {
      code: "PASSWORD_TOO_SHORT",
      error: "Password too short.",
    });
    expect(parsed.code).toBe("UNSUPPORTED_ERROR");
    expect(parsed.details).toMatchObject({ originalErrorCode: "PASSWORD_TOO_SHORT" });
  });

  it("treats a body that is not a known-error body as unsupported", () => {
    expect(parseWireError(400, "Bad Request").code).toBe("UNSUPPORTED_ERROR");
    expect(parseWireError(400, { error: "no code" }).code).toBe("UNSUPPORTED_ERROR");
  });
});

describe("families", () => {
  it("walks parents: ACCESS_TOKEN_EXPIRED is an invalid access token and a session error", () => {
    const error: unknown = knownErrors.accessTokenExpired();
    expect(isKnownErrorInFamily(error, "ACCESS_TOKEN_EXPIRED")).toBe(true);
    expect(isKnownErrorInFamily(error, "INVALID_ACCESS_TOKEN")).toBe(true);
    expect(isKnownErrorInFamily(error, "INVALID_SESSION_AUTHENTICATION")).toBe(true);
    expect(isKnownErrorInFamily(error, "SESSION_AUTHENTICATION_ERROR")).toBe(true);
    expect(isKnownErrorInFamily(error, "REFRESH_TOKEN_ERROR")).toBe(false);
    expect(isKnownErrorInFamily(error, "UNPARSABLE_ACCESS_TOKEN")).toBe(false);
  });

  it("INVALID_ADMIN_ACCESS_TOKEN sits under INVALID_PROJECT_AUTHENTICATION", () => {
    const error = knownErrors.adminAccessTokenExpired();
    expect(isKnownErrorInFamily(error, "INVALID_ADMIN_ACCESS_TOKEN")).toBe(true);
    expect(isKnownErrorInFamily(error, "INVALID_PROJECT_AUTHENTICATION")).toBe(true);
    expect(isKnownErrorInFamily(error, "PROJECT_AUTHENTICATION_ERROR")).toBe(true);
  });

  it("rejects anything that is not a KnownError", () => {
    expect(isKnownError(new Error("User not found."))).toBe(false);
    expect(isKnownErrorInFamily({ code: "USER_NOT_FOUND" }, "USER_NOT_FOUND")).toBe(false);
  });

  it("narrows types", () => {
    const error: unknown = knownErrors.passwordTooLong({ maxLength: 70 });
    if (isKnownErrorInFamily(error, "PASSWORD_REQUIREMENTS_NOT_MET")) {
      expectTypeOf(error.code).toEqualTypeOf<"PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG">();
    }
    if (isKnownError(error, "PASSWORD_TOO_LONG")) {
      expectTypeOf(error.details).toEqualTypeOf<{ maxLength: number }>();
    }
    expectTypeOf(knownErrors.userNotFound).parameters.toEqualTypeOf<[]>();
    expect(error).toBeInstanceOf(KnownError);
    expect(error).toBeInstanceOf(Error);
  });
});
