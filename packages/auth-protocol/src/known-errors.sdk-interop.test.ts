// Interop proof: our catalogue against the official SDK's parser registry (@stackframe/stack-shared
// 2.8.108, the one @stackframe/js uses). Every wire body we produce must go through the SDK's own
// `KnownError.fromJson` (what its client calls on a known-error response) and come out as the same code.
import {
  KnownError as SdkKnownError,
  KnownErrors as sdkKnownErrors,
} from "@stackframe/stack-shared/dist/known-errors";
import { describe, expect, it } from "vitest";
import {
  abstractKnownErrorCodes,
  getKnownErrorAncestors,
  KnownError,
  type KnownErrorCode,
  knownErrorCodes,
  knownErrors,
  parseWireError,
  toWireError,
} from "./known-errors";

const projectId = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const userId = "0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a";
const teamId = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";

// One example per code, through its public constructor; a missing code is a type error.
const examples: { [C in KnownErrorCode]: () => KnownError<C> } = {
  CANNOT_DELETE_CURRENT_SESSION: () => knownErrors.cannotDeleteCurrentSession(),
  UNSUPPORTED_ERROR: () => knownErrors.unsupportedError({ originalErrorCode: "SOME_NEW_CODE" }),
  BODY_PARSING_ERROR: () =>
    knownErrors.bodyParsingError({ message: "Invalid JSON in request body" }),
  SCHEMA_ERROR: () =>
    knownErrors.schemaError({
      message: "Request validation failed on POST /api/v1/users:\n  - body.email must not be empty",
    }),
  ALL_OVERLOADS_FAILED: () =>
    knownErrors.allOverloadsFailed({
      overload_errors: [
        { code: "USER_AUTHENTICATION_REQUIRED", error: "User authentication required." },
        { code: "SCHEMA_ERROR", error: "x", details: { message: "x" } },
      ],
    }),
  PERMISSION_ID_ALREADY_EXISTS: () =>
    knownErrors.permissionIdAlreadyExists({ permission_id: "read_secret" }),
  CLI_AUTH_ERROR: () => knownErrors.cliAuthError({ message: "CLI auth failed." }),
  CLI_AUTH_EXPIRED_ERROR: () => knownErrors.cliAuthExpiredError(),
  CLI_AUTH_USED_ERROR: () => knownErrors.cliAuthUsedError(),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: () => knownErrors.projectKeyWithoutAccessType(),
  INVALID_ACCESS_TYPE: () => knownErrors.invalidAccessType({ accessType: "superuser" }),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: () =>
    knownErrors.accessTypeWithoutProjectId({ request_type: "client" }),
  ACCESS_TYPE_REQUIRED: () => knownErrors.accessTypeRequired(),
  CANNOT_GET_OWN_USER_WITHOUT_USER: () => knownErrors.cannotGetOwnUserWithoutUser(),
  INSUFFICIENT_ACCESS_TYPE: () =>
    knownErrors.insufficientAccessType({
      actual_access_type: "client",
      allowed_access_types: ["server", "admin"],
    }),
  INVALID_PUBLISHABLE_CLIENT_KEY: () =>
    knownErrors.invalidPublishableClientKey({ project_id: projectId }),
  INVALID_SECRET_SERVER_KEY: () => knownErrors.invalidSecretServerKey({ project_id: projectId }),
  INVALID_SUPER_SECRET_ADMIN_KEY: () =>
    knownErrors.invalidSuperSecretAdminKey({ project_id: projectId }),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: () => knownErrors.unparsableAdminAccessToken(),
  ADMIN_ACCESS_TOKEN_EXPIRED: () =>
    knownErrors.adminAccessTokenExpired({ expired_at_millis: 1_700_000_000_000 }),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: () => knownErrors.invalidProjectForAdminAccessToken(),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: () => knownErrors.adminAccessTokenIsNotAdmin(),
  CLIENT_AUTHENTICATION_REQUIRED: () => knownErrors.clientAuthenticationRequired(),
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: () =>
    knownErrors.publishableClientKeyRequiredForProject({ project_id: projectId }),
  SERVER_AUTHENTICATION_REQUIRED: () => knownErrors.serverAuthenticationRequired(),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: () =>
    knownErrors.clientOrServerAuthenticationRequired(),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: () => knownErrors.clientOrAdminAuthenticationRequired(),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: () =>
    knownErrors.clientOrServerOrAdminAuthenticationRequired(),
  ADMIN_AUTHENTICATION_REQUIRED: () => knownErrors.adminAuthenticationRequired(),
  EXPECTED_INTERNAL_PROJECT: () => knownErrors.expectedInternalProject(),
  UNPARSABLE_ACCESS_TOKEN: () => knownErrors.unparsableAccessToken(),
  ACCESS_TOKEN_EXPIRED: () =>
    knownErrors.accessTokenExpired({
      expired_at_millis: 1_700_000_000_000,
      project_id: projectId,
      user_id: userId,
      refresh_token_id: teamId,
    }),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: () =>
    knownErrors.invalidProjectForAccessToken({
      expected_project_id: projectId,
      actual_project_id: "internal",
    }),
  PROVIDER_REJECTED: () => knownErrors.providerRejected(),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: () => knownErrors.refreshTokenNotFoundOrExpired(),
  USER_EMAIL_ALREADY_EXISTS: () =>
    knownErrors.userEmailAlreadyExists({
      email: "ana@example.com",
      would_work_if_email_was_verified: true,
    }),
  EMAIL_NOT_VERIFIED: () => knownErrors.emailNotVerified(),
  USER_ID_DOES_NOT_EXIST: () => knownErrors.userIdDoesNotExist({ user_id: userId }),
  USER_NOT_FOUND: () => knownErrors.userNotFound(),
  RESTRICTED_USER_NOT_ALLOWED: () =>
    knownErrors.restrictedUserNotAllowed({ restricted_reason: { type: "email_not_verified" } }),
  API_KEY_NOT_FOUND: () => knownErrors.apiKeyNotFound(),
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: () => knownErrors.publicApiKeyCannotBeRevoked(),
  PROJECT_NOT_FOUND: () => knownErrors.projectNotFound({ project_id: projectId }),
  CURRENT_PROJECT_NOT_FOUND: () => knownErrors.currentProjectNotFound({ project_id: projectId }),
  BRANCH_DOES_NOT_EXIST: () => knownErrors.branchDoesNotExist({ branch_id: "dev" }),
  SIGN_UP_NOT_ENABLED: () => knownErrors.signUpNotEnabled(),
  SIGN_UP_REJECTED: () => knownErrors.signUpRejected(),
  BOT_CHALLENGE_REQUIRED: () => knownErrors.botChallengeRequired(),
  BOT_CHALLENGE_FAILED: () =>
    knownErrors.botChallengeFailed({ message: "The bot challenge failed." }),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: () => knownErrors.passwordAuthenticationNotEnabled(),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: () => knownErrors.passkeyAuthenticationNotEnabled(),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: () => knownErrors.anonymousAccountsNotEnabled(),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: () => knownErrors.anonymousAuthenticationNotAllowed(),
  EMAIL_PASSWORD_MISMATCH: () => knownErrors.emailPasswordMismatch(),
  REDIRECT_URL_NOT_WHITELISTED: () => knownErrors.redirectUrlNotWhitelisted(),
  PASSWORD_TOO_SHORT: () => knownErrors.passwordTooShort({ min_length: 8 }),
  PASSWORD_TOO_LONG: () => knownErrors.passwordTooLong({ maxLength: 70 }),
  USER_DOES_NOT_HAVE_PASSWORD: () => knownErrors.userDoesNotHavePassword(),
  VERIFICATION_CODE_NOT_FOUND: () => knownErrors.verificationCodeNotFound(),
  VERIFICATION_CODE_EXPIRED: () => knownErrors.verificationCodeExpired(),
  VERIFICATION_CODE_ALREADY_USED: () => knownErrors.verificationCodeAlreadyUsed(),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: () => knownErrors.verificationCodeMaxAttemptsReached(),
  PASSWORD_CONFIRMATION_MISMATCH: () => knownErrors.passwordConfirmationMismatch(),
  EMAIL_ALREADY_VERIFIED: () => knownErrors.emailAlreadyVerified(),
  EMAIL_NOT_ASSOCIATED_WITH_USER: () => knownErrors.emailNotAssociatedWithUser(),
  EMAIL_IS_NOT_PRIMARY_EMAIL: () =>
    knownErrors.emailIsNotPrimaryEmail({
      email: "other@example.com",
      primary_email: "ana@example.com",
    }),
  PASSKEY_REGISTRATION_FAILED: () =>
    knownErrors.passkeyRegistrationFailed({ message: "Registration failed." }),
  PASSKEY_WEBAUTHN_ERROR: () =>
    knownErrors.passkeyWebauthnError({
      message: "The challenge does not match.",
      code: "ERROR_CHALLENGE",
    }),
  PASSKEY_AUTHENTICATION_FAILED: () =>
    knownErrors.passkeyAuthenticationFailed({ message: "Authentication failed." }),
  PERMISSION_NOT_FOUND: () => knownErrors.permissionNotFound({ permission_id: "read_secret" }),
  WRONG_PERMISSION_SCOPE: () =>
    knownErrors.wrongPermissionScope({
      permission_id: "read_secret",
      expected_scope: "team",
      actual_scope: "project",
    }),
  CONTAINED_PERMISSION_NOT_FOUND: () =>
    knownErrors.containedPermissionNotFound({ permission_id: "read_secret" }),
  TEAM_NOT_FOUND: () => knownErrors.teamNotFound({ team_id: teamId }),
  TEAM_MEMBERSHIP_NOT_FOUND: () =>
    knownErrors.teamMembershipNotFound({ team_id: teamId, user_id: userId }),
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: () =>
    knownErrors.teamInvitationRestrictedUserNotAllowed({
      restricted_reason: { type: "anonymous" },
    }),
  TEAM_INVITATION_EMAIL_MISMATCH: () => knownErrors.teamInvitationEmailMismatch(),
  EMAIL_TEMPLATE_ALREADY_EXISTS: () => knownErrors.emailTemplateAlreadyExists(),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: () => knownErrors.oauthConnectionNotConnectedToUser(),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: () =>
    knownErrors.oauthConnectionAlreadyConnectedToAnotherUser(),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: () =>
    knownErrors.oauthConnectionDoesNotHaveRequiredScope(),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: () =>
    knownErrors.oauthAccessTokenNotAvailable({
      provider: "github",
      details: "The refresh token was revoked.",
    }),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: () =>
    knownErrors.oauthExtraScopeNotAvailableWithSharedOauthKeys(),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: () =>
    knownErrors.oauthAccessTokenNotAvailableWithSharedOauthKeys(),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: () => knownErrors.invalidOauthClientIdOrSecret(),
  INVALID_SCOPE: () => knownErrors.invalidScope({ scope: "admin" }),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: () =>
    knownErrors.userAlreadyConnectedToAnotherOauthConnection(),
  OUTER_OAUTH_TIMEOUT: () => knownErrors.outerOauthTimeout(),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: () => knownErrors.oauthProviderNotFoundOrNotEnabled(),
  APPLE_BUNDLE_ID_NOT_CONFIGURED: () => knownErrors.appleBundleIdNotConfigured(),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: () =>
    knownErrors.oauthProviderAccountIdAlreadyUsedForSignIn(),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: () =>
    knownErrors.multiFactorAuthenticationRequired({ attempt_code: "k3m9q2x7" }),
  INVALID_TOTP_CODE: () => knownErrors.invalidTotpCode(),
  USER_AUTHENTICATION_REQUIRED: () => knownErrors.userAuthenticationRequired(),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: () => knownErrors.teamMembershipAlreadyExists(),
  PROJECT_PERMISSION_REQUIRED: () =>
    knownErrors.projectPermissionRequired({ user_id: userId, permission_id: "admin" }),
  TEAM_PERMISSION_REQUIRED: () =>
    knownErrors.teamPermissionRequired({
      team_id: teamId,
      user_id: userId,
      permission_id: "$update_team",
    }),
  INVALID_SHARED_OAUTH_PROVIDER_ID: () =>
    knownErrors.invalidSharedOauthProviderId({ provider_id: "myspace" }),
  INVALID_STANDARD_OAUTH_PROVIDER_ID: () =>
    knownErrors.invalidStandardOauthProviderId({ provider_id: "myspace" }),
  INVALID_AUTHORIZATION_CODE: () => knownErrors.invalidAuthorizationCode(),
  INVALID_APPLE_CREDENTIALS: () => knownErrors.invalidAppleCredentials(),
  TEAM_PERMISSION_NOT_FOUND: () =>
    knownErrors.teamPermissionNotFound({
      team_id: teamId,
      user_id: userId,
      permission_id: "$delete_team",
    }),
  OAUTH_PROVIDER_ACCESS_DENIED: () => knownErrors.oauthProviderAccessDenied(),
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: () => knownErrors.oauthProviderTemporarilyUnavailable(),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: () =>
    knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse({
      type: "email",
      contact_channel_value: "ana@example.com",
    }),
  INVALID_POLLING_CODE: () => knownErrors.invalidPollingCode(),
  API_KEY_EXPIRED: () => knownErrors.apiKeyExpired(),
  API_KEY_REVOKED: () => knownErrors.apiKeyRevoked(),
  WRONG_API_KEY_TYPE: () =>
    knownErrors.wrongApiKeyType({ expected_type: "user", actual_type: "team" }),
  EMAIL_RENDERING_ERROR: () => knownErrors.emailRenderingError({ error: "Unexpected token" }),
  TEMPLATE_SOURCE_REWRITE_ERROR: () =>
    knownErrors.templateSourceRewriteError({ error: "Unexpected token" }),
  REQUIRES_CUSTOM_EMAIL_SERVER: () => knownErrors.requiresCustomEmailServer(),
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: () =>
    knownErrors.emailCapacityBoostAlreadyActive({ expires_at: "2030-01-01T00:00:00.000Z" }),
  EMAIL_NOT_EDITABLE: () => knownErrors.emailNotEditable({ email_id: "e1", status: "SENT" }),
  ITEM_NOT_FOUND: () => knownErrors.itemNotFound({ item_id: "credits" }),
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: () =>
    knownErrors.itemCustomerTypeDoesNotMatch({
      item_id: "credits",
      customer_id: userId,
      item_customer_type: "team",
      actual_customer_type: "user",
    }),
  CUSTOMER_DOES_NOT_EXIST: () => knownErrors.customerDoesNotExist({ customer_id: userId }),
  PRODUCT_DOES_NOT_EXIST: () =>
    knownErrors.productDoesNotExist({ product_id: "pro", context: "server_only" }),
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: () =>
    knownErrors.productCustomerTypeDoesNotMatch({
      customer_id: userId,
      actual_customer_type: "user",
    }),
  PRODUCT_ALREADY_GRANTED: () =>
    knownErrors.productAlreadyGranted({ product_id: "pro", customer_id: userId }),
  SUBSCRIPTION_INVOICE_NOT_FOUND: () =>
    knownErrors.subscriptionInvoiceNotFound({ subscription_invoice_id: "in_1" }),
  ONE_TIME_PURCHASE_NOT_FOUND: () =>
    knownErrors.oneTimePurchaseNotFound({ one_time_purchase_id: "otp_1" }),
  SUBSCRIPTION_ALREADY_REFUNDED: () =>
    knownErrors.subscriptionAlreadyRefunded({ subscription_id: "sub_1" }),
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: () =>
    knownErrors.oneTimePurchaseAlreadyRefunded({ one_time_purchase_id: "otp_1" }),
  TEST_MODE_PURCHASE_NON_REFUNDABLE: () => knownErrors.testModePurchaseNonRefundable(),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: () =>
    knownErrors.itemQuantityInsufficientAmount({
      item_id: "credits",
      customer_id: userId,
      quantity: 5,
    }),
  STRIPE_ACCOUNT_INFO_NOT_FOUND: () => knownErrors.stripeAccountInfoNotFound(),
  DEFAULT_PAYMENT_METHOD_REQUIRED: () =>
    knownErrors.defaultPaymentMethodRequired({ customer_type: "team", customer_id: teamId }),
  NEW_PURCHASES_BLOCKED: () => knownErrors.newPurchasesBlocked(),
  DATA_VAULT_STORE_DOES_NOT_EXIST: () =>
    knownErrors.dataVaultStoreDoesNotExist({ store_id: "vault" }),
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: () =>
    knownErrors.dataVaultStoreHashedKeyDoesNotExist({ store_id: "vault", hashed_key: "ab12" }),
  ANALYTICS_QUERY_TIMEOUT: () => knownErrors.analyticsQueryTimeout({ timeout_ms: 10_000 }),
  ANALYTICS_QUERY_ERROR: () => knownErrors.analyticsQueryError({ error: "Syntax error" }),
  ANALYTICS_NOT_ENABLED: () => knownErrors.analyticsNotEnabled(),
};

interface SdkErrorClass {
  errorCode: string;
}

function isSdkErrorClass(value: unknown): value is SdkErrorClass {
  return typeof value === "function" && "errorCode" in value && typeof value.errorCode === "string";
}

/** The SDK's parent chain of a registry class, nearest parent first (read from its prototype chain). */
function sdkAncestors(errorClass: SdkErrorClass): string[] {
  const ancestors: string[] = [];
  for (
    let parent: unknown = Object.getPrototypeOf(errorClass);
    isSdkErrorClass(parent);
    parent = Object.getPrototypeOf(parent)
  ) {
    ancestors.push(parent.errorCode);
  }
  return ancestors;
}

type SdkRegistryClass = (typeof sdkKnownErrors)[keyof typeof sdkKnownErrors];

const sdkClassesByCode: ReadonlyMap<string, SdkRegistryClass> = new Map(
  Object.values(sdkKnownErrors).map((errorClass) => [errorClass.errorCode, errorClass]),
);

/** What the SDK client does with a known-error response body (`_processResponse`). */
function parseWithSdk(body: unknown) {
  // A JSON round trip, as over the wire: anything not serialisable would be lost here.
  return SdkKnownError.fromJson(JSON.parse(JSON.stringify(body)));
}

// Codes whose details the reference omits and we add for the SDK (§4); the SDK's own instance does
// not echo them back, so only the code, status and message can be compared.
const sdkDoesNotEchoDetails = new Set<string>([
  "BODY_PARSING_ERROR",
  "CLI_AUTH_ERROR",
  "CLI_AUTH_EXPIRED_ERROR",
  "CLI_AUTH_USED_ERROR",
  "INVALID_ACCESS_TYPE",
  "PASSKEY_REGISTRATION_FAILED",
  "PASSKEY_AUTHENTICATION_FAILED",
  "INVALID_SCOPE",
]);

// The contract keeps the repository's wording here; SDK 2.8.108 says "...Please try again later."
const messageDiffersFromSdk = new Set<string>(["OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE"]);

describe("catalogue against the SDK registry", () => {
  it("has exactly the SDK's codes (144: 133 concrete + 11 abstract)", () => {
    const ours = [...knownErrorCodes, ...abstractKnownErrorCodes].sort();
    expect(ours).toEqual([...sdkClassesByCode.keys()].sort());
    expect(knownErrorCodes).toHaveLength(133);
    expect(abstractKnownErrorCodes).toHaveLength(11);
  });

  it.each([...sdkClassesByCode])("%s has the SDK's parent chain", (code, errorClass) => {
    const familyCode = [...knownErrorCodes, ...abstractKnownErrorCodes].find((c) => c === code);
    expect(familyCode).toBeDefined();
    if (familyCode !== undefined) {
      expect(getKnownErrorAncestors(familyCode)).toEqual(sdkAncestors(errorClass));
    }
  });
});

describe("wire bodies the SDK parses", () => {
  it.each(knownErrorCodes)("%s survives the SDK's KnownError.fromJson", (code) => {
    const ours = examples[code]();
    const wire = toWireError(ours);
    const parsed = parseWithSdk(wire);

    expect(parsed.errorCode).toBe(code);
    expect(parsed.statusCode).toBe(ours.status);
    if (!messageDiffersFromSdk.has(code)) expect(parsed.message).toBe(ours.message);
    if (!sdkDoesNotEchoDetails.has(code)) expect(parsed.details).toEqual(wire.details);
    for (const family of getKnownErrorAncestors(code)) {
      expect(sdkKnownErrorsByCode(family).isInstance(parsed)).toBe(true);
    }
  });

  it.each(knownErrorCodes)("%s round-trips through our own parseWireError", (code) => {
    const ours = examples[code]();
    const parsed = parseWireError(ours.status, JSON.parse(JSON.stringify(toWireError(ours))));
    expect(parsed).toBeInstanceOf(KnownError);
    expect({ code: parsed.code, message: parsed.message, details: parsed.details }).toEqual({
      code,
      message: ours.message,
      details: ours.details,
    });
  });

  // Control: shows the check above can fail. Without details the SDK throws instead of typing the error.
  it("SDK parsing fails when required details are missing", () => {
    expect(() =>
      parseWithSdk({ code: "PASSWORD_TOO_SHORT", error: "Password too short." }),
    ).toThrow(/min_length/);
    expect(() =>
      parseWithSdk({ code: "INVALID_ACCESS_TYPE", error: "The x-stack-access-type header …" }),
    ).toThrow(/accessType/);
  });

  it("SDK treats a code it does not know as an error to update the SDK", () => {
    expect(() =>
      parseWithSdk({ code: "TEAM_ALREADY_EXISTS", error: "Team t already exists." }),
    ).toThrow(/update your version/);
  });
});

function sdkKnownErrorsByCode(code: string) {
  const errorClass = sdkClassesByCode.get(code);
  if (errorClass === undefined) throw new Error(`SDK registry has no ${code}`);
  return errorClass;
}
