/**
 * The known-error catalogue (contract §4): every code the server may send, with its HTTP status, its
 * message, the schema of its `details` and its parent family. Errors are data: one `KnownError` class,
 * one constructor per code in `knownErrors`, and the wire mapping both ways (`toWireError`,
 * `parseWireError`). Codes, statuses, parents and detail keys match the SDK's parser registry
 * (`@stackframe/stack-shared` 2.8.108 `dist/known-errors.js`); a test keeps them in step.
 * @module
 */
import { z } from "zod";
import { accessTypeSchema } from "./headers";
import { restrictedReasonSchema } from "./wire/users";

/**
 * Abstract family codes and their parents. They are never sent; they exist so that a whole family can
 * be checked at once (`isKnownErrorInFamily(e, "REFRESH_TOKEN_ERROR")`).
 */
const abstractKnownErrorParents = {
  PROJECT_AUTHENTICATION_ERROR: null,
  INVALID_PROJECT_AUTHENTICATION: "PROJECT_AUTHENTICATION_ERROR",
  INVALID_ADMIN_ACCESS_TOKEN: "INVALID_PROJECT_AUTHENTICATION",
  PROJECT_AUTHENTICATION_REQUIRED: "PROJECT_AUTHENTICATION_ERROR",
  SESSION_AUTHENTICATION_ERROR: null,
  INVALID_SESSION_AUTHENTICATION: "SESSION_AUTHENTICATION_ERROR",
  INVALID_ACCESS_TOKEN: "INVALID_SESSION_AUTHENTICATION",
  REFRESH_TOKEN_ERROR: null,
  PASSWORD_REQUIREMENTS_NOT_MET: null,
  VERIFICATION_ERROR: null,
  API_KEY_NOT_VALID: null,
} as const;

export type AbstractKnownErrorCode = keyof typeof abstractKnownErrorParents;

/** A definition as the catalogue stores it. `build` validates details and renders the message. */
interface KnownErrorDefinition<
  S extends z.ZodType | null,
  P extends AbstractKnownErrorCode | null,
> {
  readonly status: number;
  readonly parent: P;
  readonly detailsSchema: S;
  /** Throws a ZodError when the details do not match the schema. */
  readonly build: (rawDetails: unknown) => { details: unknown; message: string };
  /** Returns null when the details do not match the schema. */
  readonly tryBuild: (rawDetails: unknown) => { details: unknown; message: string } | null;
}

/** A code whose wire body carries no `details`. */
function defineError<P extends AbstractKnownErrorCode | null = null>(definition: {
  status: number;
  message: string;
  parent?: P;
}): KnownErrorDefinition<null, P> {
  const built = { details: undefined, message: definition.message };
  return {
    status: definition.status,
    // Omitted parent means a root code; the default type argument of P is null to match.
    parent: (definition.parent ?? null) as P,
    detailsSchema: null,
    build: () => built,
    tryBuild: () => built,
  };
}

/**
 * A code whose wire body carries `details`. The schema's input type is what a constructor accepts
 * (fields with `.default()` may be left out), its output type is what `KnownError.details` holds.
 */
function defineErrorWithDetails<
  S extends z.ZodType,
  P extends AbstractKnownErrorCode | null = null,
>(definition: {
  status: number;
  details: S;
  message: (details: z.output<S>) => string;
  parent?: P;
}): KnownErrorDefinition<S, P> {
  const render = (details: z.output<S>) => ({ details, message: definition.message(details) });
  return {
    status: definition.status,
    parent: (definition.parent ?? null) as P,
    detailsSchema: definition.details,
    build: (rawDetails) => render(definition.details.parse(rawDetails ?? {})),
    tryBuild: (rawDetails) => {
      const result = definition.details.safeParse(rawDetails ?? {});
      return result.success ? render(result.data) : null;
    },
  };
}

/** A message carried in details; the SDK refuses an empty human-readable message. */
const humanMessage = z.string().min(1);
const customerTypeSchema = z.enum(["user", "team", "custom"]);
const quoted = (value: string | number) => JSON.stringify(value);

const emailNotVerifiedSuffix =
  " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.";

const authenticationDocsParagraph =
  "For more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication";

const accessTokenExpiredDebugInfo =
  "Debug info: Most likely, you fetched the access token before it expired (for example, in a server component, pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using the SDK, make sure you refresh the access token with the refresh endpoint.";

const expiredAtSentence = (expiredAtMillis: number | null) =>
  expiredAtMillis
    ? ` (The access token expired at ${new Date(expiredAtMillis).toISOString()}.)`
    : "";

const indentLines = (text: string, indent: string) =>
  text
    .split("\n")
    .map((line) => `${indent}${line}`)
    .join("\n");

const knownErrorCatalogue = {
  CANNOT_DELETE_CURRENT_SESSION: defineError({
    status: 400,
    parent: "REFRESH_TOKEN_ERROR",
    message: "Cannot delete the current session.",
  }),
  /** Client-side only: what an unknown (or malformed) known error from the server becomes. */
  UNSUPPORTED_ERROR: defineErrorWithDetails({
    status: 500,
    details: z.object({
      originalErrorCode: z.string(),
      originalMessage: z.string().optional(),
      originalStatus: z.number().optional(),
    }),
    message: (d) =>
      `An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: ${d.originalErrorCode}`,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  BODY_PARSING_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  SCHEMA_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  ALL_OVERLOADS_FAILED: defineErrorWithDetails({
    status: 400,
    details: z.object({ overload_errors: z.array(z.json()) }),
    message: (d) =>
      `This endpoint has multiple overloads, but they all failed to process the request.\n\n${indentLines(
        d.overload_errors
          .map((e, i) => `Overload ${i + 1}: ${JSON.stringify(e, undefined, 2)}`)
          .join("\n\n"),
        "  ",
      )}`,
  }),
  PERMISSION_ID_ALREADY_EXISTS: defineErrorWithDetails({
    status: 400,
    details: z.object({ permission_id: z.string() }),
    message: (d) =>
      `Permission with ID ${quoted(d.permission_id)} already exists. Choose a different ID.`,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  CLI_AUTH_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  CLI_AUTH_EXPIRED_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({
      message: humanMessage.default("CLI authentication request expired. Please try again."),
    }),
    message: (d) => d.message,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  CLI_AUTH_USED_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({
      message: humanMessage.default("This authentication token has already been used."),
    }),
    message: (d) => d.message,
  }),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: defineError({
    status: 400,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    message:
      "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
  }),
  /** The reference sends no details; `{accessType}` is added so the SDK can parse it (§4). */
  INVALID_ACCESS_TYPE: defineErrorWithDetails({
    status: 400,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({ accessType: z.string() }),
    message: (d) =>
      `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${d.accessType}'.`,
  }),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: defineErrorWithDetails({
    status: 400,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({ request_type: accessTypeSchema }),
    message: (d) =>
      `The x-stack-access-type header was '${d.request_type}', but the x-stack-project-id header was not provided.\n\n${authenticationDocsParagraph}`,
  }),
  ACCESS_TYPE_REQUIRED: defineError({
    status: 400,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    message: `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\n${authenticationDocsParagraph}`,
  }),
  CANNOT_GET_OWN_USER_WITHOUT_USER: defineError({
    status: 400,
    message: "You have specified 'me' as a userId, but did not provide authentication for a user.",
  }),
  INSUFFICIENT_ACCESS_TYPE: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({
      actual_access_type: accessTypeSchema,
      allowed_access_types: z.array(accessTypeSchema),
    }),
    message: (d) =>
      `The x-stack-access-type header must be ${d.allowed_access_types
        .map((type) => `'${type}'`)
        .join(" or ")}, but was '${d.actual_access_type}'.`,
  }),
  INVALID_PUBLISHABLE_CLIENT_KEY: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({ project_id: z.string() }),
    message: (d) =>
      `The publishable key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`,
  }),
  INVALID_SECRET_SERVER_KEY: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({ project_id: z.string() }),
    message: (d) =>
      `The secret server key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`,
  }),
  INVALID_SUPER_SECRET_ADMIN_KEY: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_PROJECT_AUTHENTICATION",
    details: z.object({ project_id: z.string() }),
    message: (d) =>
      `The super secret admin key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`,
  }),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: defineError({
    status: 401,
    parent: "INVALID_ADMIN_ACCESS_TOKEN",
    message: "Admin access token is not parsable.",
  }),
  ADMIN_ACCESS_TOKEN_EXPIRED: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_ADMIN_ACCESS_TOKEN",
    details: z.object({ expired_at_millis: z.number().nullable().default(null) }),
    message: (d) =>
      `Admin access token has expired. Please refresh it and try again.${expiredAtSentence(d.expired_at_millis)}`,
  }),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: defineError({
    status: 401,
    parent: "INVALID_ADMIN_ACCESS_TOKEN",
    message: "Admin access tokens must be created on the internal project.",
  }),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: defineError({
    status: 401,
    parent: "INVALID_ADMIN_ACCESS_TOKEN",
    message: "Admin access token does not have the required permissions to access this project.",
  }),
  CLIENT_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message: "The publishable client key must be provided.",
  }),
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: defineErrorWithDetails({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    details: z.object({ project_id: z.string().nullable().default(null) }),
    message: () =>
      "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access.",
  }),
  SERVER_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message: "The secret server key must be provided.",
  }),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message: "Either the publishable client key or the secret server key must be provided.",
  }),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message: "Either the publishable client key or the super secret admin key must be provided.",
  }),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message:
      "Either the publishable client key, the secret server key, or the super secret admin key must be provided.",
  }),
  ADMIN_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_REQUIRED",
    message: "The super secret admin key must be provided.",
  }),
  EXPECTED_INTERNAL_PROJECT: defineError({
    status: 401,
    parent: "PROJECT_AUTHENTICATION_ERROR",
    message: "The project ID is expected to be internal.",
  }),
  UNPARSABLE_ACCESS_TOKEN: defineError({
    status: 401,
    parent: "INVALID_ACCESS_TOKEN",
    message: "Access token is not parsable.",
  }),
  /** Every detail may be null (the reference sends all nulls when no access token was given). */
  ACCESS_TOKEN_EXPIRED: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_ACCESS_TOKEN",
    details: z.object({
      expired_at_millis: z.number().nullable().default(null),
      project_id: z.string().nullable().default(null),
      user_id: z.string().nullable().default(null),
      refresh_token_id: z.string().nullable().default(null),
    }),
    message: (d) =>
      `Access token has expired. Please refresh it and try again.${expiredAtSentence(d.expired_at_millis)}${
        d.project_id ? ` Project ID: ${d.project_id}.` : ""
      }${d.user_id ? ` User ID: ${d.user_id}.` : ""}${
        d.refresh_token_id ? ` Refresh token ID: ${d.refresh_token_id}.` : ""
      }\n\n${accessTokenExpiredDebugInfo}`,
  }),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: defineErrorWithDetails({
    status: 401,
    parent: "INVALID_ACCESS_TOKEN",
    details: z.object({ expected_project_id: z.string(), actual_project_id: z.string() }),
    message: (d) =>
      `Access token not valid for this project. Expected project ID ${quoted(d.expected_project_id)}, but the token is for project ID ${quoted(d.actual_project_id)}.`,
  }),
  PROVIDER_REJECTED: defineError({
    status: 401,
    parent: "REFRESH_TOKEN_ERROR",
    message:
      "The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate.",
  }),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: defineError({
    status: 401,
    parent: "REFRESH_TOKEN_ERROR",
    message: "Refresh token not found for this project, or the session has expired/been revoked.",
  }),
  USER_EMAIL_ALREADY_EXISTS: defineErrorWithDetails({
    status: 409,
    details: z.object({
      email: z.string(),
      would_work_if_email_was_verified: z.boolean().default(false),
    }),
    message: (d) =>
      `A user with email ${quoted(d.email)} already exists${
        d.would_work_if_email_was_verified ? emailNotVerifiedSuffix : "."
      }`,
  }),
  EMAIL_NOT_VERIFIED: defineError({ status: 400, message: "The email is not verified." }),
  USER_ID_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({ user_id: z.string() }),
    message: (d) => `The given user with the ID ${d.user_id} does not exist.`,
  }),
  USER_NOT_FOUND: defineError({ status: 404, message: "User not found." }),
  RESTRICTED_USER_NOT_ALLOWED: defineErrorWithDetails({
    status: 403,
    details: z.object({ restricted_reason: restrictedReasonSchema }),
    message: (d) =>
      `The user in the access token is in restricted state. Reason: ${d.restricted_reason.type}. Please pass the X-Stack-Allow-Restricted-User header if this is intended.`,
  }),
  API_KEY_NOT_FOUND: defineError({
    status: 404,
    parent: "API_KEY_NOT_VALID",
    message: "API key not found.",
  }),
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: defineError({
    status: 400,
    parent: "API_KEY_NOT_VALID",
    message: "Public API keys cannot be revoked by the secretscanner endpoint.",
  }),
  PROJECT_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ project_id: z.string() }),
    message: (d) => `Project ${d.project_id} not found or is not accessible with the current user.`,
  }),
  CURRENT_PROJECT_NOT_FOUND: defineErrorWithDetails({
    status: 400,
    details: z.object({ project_id: z.string() }),
    message: (d) =>
      `The current project with ID ${d.project_id} was not found. Please check the value of the x-stack-project-id header.`,
  }),
  BRANCH_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({ branch_id: z.string() }),
    message: (d) => `The branch with ID ${d.branch_id} does not exist.`,
  }),
  SIGN_UP_NOT_ENABLED: defineError({
    status: 400,
    message:
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.",
  }),
  SIGN_UP_REJECTED: defineErrorWithDetails({
    status: 403,
    details: z.object({
      message: humanMessage.default(
        "Your sign up was rejected by an administrator's sign-up rule.",
      ),
    }),
    message: (d) => d.message,
  }),
  BOT_CHALLENGE_REQUIRED: defineError({
    status: 409,
    message: "An additional bot challenge is required before sign-up can continue.",
  }),
  BOT_CHALLENGE_FAILED: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: defineError({
    status: 400,
    message: "Password authentication is not enabled for this project.",
  }),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: defineError({
    status: 400,
    message: "Passkey authentication is not enabled for this project.",
  }),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: defineError({
    status: 400,
    message: "Anonymous accounts are not enabled for this project.",
  }),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: defineError({
    status: 401,
    message:
      "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users.",
  }),
  EMAIL_PASSWORD_MISMATCH: defineError({ status: 400, message: "Wrong e-mail or password." }),
  REDIRECT_URL_NOT_WHITELISTED: defineError({
    status: 400,
    message:
      "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?",
  }),
  PASSWORD_TOO_SHORT: defineErrorWithDetails({
    status: 400,
    parent: "PASSWORD_REQUIREMENTS_NOT_MET",
    details: z.object({ min_length: z.number() }),
    message: (d) => `Password too short. Minimum length is ${d.min_length}.`,
  }),
  /** Note the camelCase `maxLength`: that is what the reference sends and the SDK reads. */
  PASSWORD_TOO_LONG: defineErrorWithDetails({
    status: 400,
    parent: "PASSWORD_REQUIREMENTS_NOT_MET",
    details: z.object({ maxLength: z.number() }),
    message: (d) => `Password too long. Maximum length is ${d.maxLength}.`,
  }),
  USER_DOES_NOT_HAVE_PASSWORD: defineError({
    status: 400,
    message: "This user does not have password authentication enabled.",
  }),
  VERIFICATION_CODE_NOT_FOUND: defineError({
    status: 404,
    parent: "VERIFICATION_ERROR",
    message: "The verification code does not exist for this project.",
  }),
  VERIFICATION_CODE_EXPIRED: defineError({
    status: 400,
    parent: "VERIFICATION_ERROR",
    message: "The verification code has expired.",
  }),
  VERIFICATION_CODE_ALREADY_USED: defineError({
    status: 409,
    parent: "VERIFICATION_ERROR",
    message: "The verification link has already been used.",
  }),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: defineError({
    status: 400,
    parent: "VERIFICATION_ERROR",
    message:
      "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.",
  }),
  PASSWORD_CONFIRMATION_MISMATCH: defineError({ status: 400, message: "Passwords do not match." }),
  EMAIL_ALREADY_VERIFIED: defineError({ status: 409, message: "The e-mail is already verified." }),
  EMAIL_NOT_ASSOCIATED_WITH_USER: defineError({
    status: 400,
    message: "The e-mail is not associated with a user that could log in with that e-mail.",
  }),
  EMAIL_IS_NOT_PRIMARY_EMAIL: defineErrorWithDetails({
    status: 400,
    details: z.object({ email: z.string(), primary_email: z.string() }),
    message: (d) =>
      `The given e-mail (${d.email}) must equal the user's primary e-mail (${d.primary_email}).`,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  PASSKEY_REGISTRATION_FAILED: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  PASSKEY_WEBAUTHN_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage, code: z.string() }),
    message: (d) => d.message,
  }),
  /** The reference sends no details; `{message}` is added so the SDK can parse it (§4). */
  PASSKEY_AUTHENTICATION_FAILED: defineErrorWithDetails({
    status: 400,
    details: z.object({ message: humanMessage }),
    message: (d) => d.message,
  }),
  PERMISSION_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ permission_id: z.string() }),
    message: (d) =>
      `Permission ${quoted(d.permission_id)} not found. Make sure you created it on the dashboard.`,
  }),
  WRONG_PERMISSION_SCOPE: defineErrorWithDetails({
    status: 404,
    details: z.object({
      permission_id: z.string(),
      expected_scope: z.string(),
      actual_scope: z.string(),
    }),
    message: (d) =>
      `Permission ${quoted(d.permission_id)} not found. (It was found for a different scope ${quoted(d.actual_scope)}, but scope ${quoted(d.expected_scope)} was expected.)`,
  }),
  CONTAINED_PERMISSION_NOT_FOUND: defineErrorWithDetails({
    status: 400,
    details: z.object({ permission_id: z.string() }),
    message: (d) =>
      `Contained permission with ID ${quoted(d.permission_id)} not found. Make sure you created it on the dashboard.`,
  }),
  TEAM_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ team_id: z.string() }),
    message: (d) => `Team ${d.team_id} not found.`,
  }),
  TEAM_MEMBERSHIP_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ team_id: z.string(), user_id: z.string() }),
    message: (d) => `User ${d.user_id} is not found in team ${d.team_id}.`,
  }),
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: defineErrorWithDetails({
    status: 403,
    details: z.object({ restricted_reason: restrictedReasonSchema }),
    message: (d) =>
      `Restricted users cannot accept team invitations. Reason: ${d.restricted_reason.type}. Please complete the onboarding process before accepting team invitations.`,
  }),
  TEAM_INVITATION_EMAIL_MISMATCH: defineError({
    status: 403,
    message:
      "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.",
  }),
  EMAIL_TEMPLATE_ALREADY_EXISTS: defineError({
    status: 409,
    message: "Email template already exists.",
  }),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: defineError({
    status: 400,
    message: "The OAuth connection is not connected to any user.",
  }),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: defineError({
    status: 409,
    message: "The OAuth connection is already connected to another user.",
  }),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: defineError({
    status: 400,
    message: "The OAuth connection does not have the required scope.",
  }),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: defineErrorWithDetails({
    status: 400,
    details: z.object({ provider: z.string(), details: z.string() }),
    message: (d) =>
      `Failed to retrieve an OAuth access token for the connected account (provider: ${d.provider}). ${d.details}`,
  }),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: defineError({
    status: 400,
    message:
      "Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes.",
  }),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: defineError({
    status: 400,
    message:
      "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.",
  }),
  /** `client_id` is null in the reference's token-endpoint pre-checks (§1.7). */
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: defineErrorWithDetails({
    status: 400,
    details: z.object({ client_id: z.string().nullable().default(null) }),
    message: () =>
      "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key.",
  }),
  /** The reference sends no details; `{scope}` is added so the SDK can parse it (§4). */
  INVALID_SCOPE: defineErrorWithDetails({
    status: 400,
    details: z.object({ scope: z.string() }),
    message: (d) => `The scope ${quoted(d.scope)} is not a valid OAuth scope for Stack.`,
  }),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: defineError({
    status: 409,
    message:
      "The user is already connected to another OAuth account. Did you maybe selected the wrong account?",
  }),
  OUTER_OAUTH_TIMEOUT: defineError({
    status: 408,
    message: "The OAuth flow has timed out. Please sign in again.",
  }),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: defineError({
    status: 400,
    message: "The OAuth provider is not found or not enabled.",
  }),
  APPLE_BUNDLE_ID_NOT_CONFIGURED: defineError({
    status: 400,
    message:
      "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Stack Auth dashboard under OAuth Providers > Apple > Apple Bundle IDs.",
  }),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: defineError({
    status: 400,
    message: "A provider with the same account ID is already used for signing in.",
  }),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: defineErrorWithDetails({
    status: 400,
    details: z.object({ attempt_code: z.string() }),
    message: () => "Multi-factor authentication is required for this user.",
  }),
  INVALID_TOTP_CODE: defineError({
    status: 400,
    message: "The TOTP code is invalid. Please try again.",
  }),
  USER_AUTHENTICATION_REQUIRED: defineError({
    status: 401,
    message: "User authentication required for this endpoint.",
  }),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: defineError({
    status: 409,
    message: "Team membership already exists.",
  }),
  PROJECT_PERMISSION_REQUIRED: defineErrorWithDetails({
    status: 401,
    details: z.object({ user_id: z.string(), permission_id: z.string() }),
    message: (d) => `User ${d.user_id} does not have permission ${d.permission_id}.`,
  }),
  TEAM_PERMISSION_REQUIRED: defineErrorWithDetails({
    status: 401,
    details: z.object({ team_id: z.string(), user_id: z.string(), permission_id: z.string() }),
    message: (d) =>
      `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.`,
  }),
  INVALID_SHARED_OAUTH_PROVIDER_ID: defineErrorWithDetails({
    status: 400,
    details: z.object({ provider_id: z.string() }),
    message: (d) => `The shared OAuth provider with ID ${d.provider_id} is not valid.`,
  }),
  INVALID_STANDARD_OAUTH_PROVIDER_ID: defineErrorWithDetails({
    status: 400,
    details: z.object({ provider_id: z.string() }),
    message: (d) => `The standard OAuth provider with ID ${d.provider_id} is not valid.`,
  }),
  INVALID_AUTHORIZATION_CODE: defineError({
    status: 400,
    message: "The given authorization code is invalid.",
  }),
  INVALID_APPLE_CREDENTIALS: defineError({
    status: 400,
    message: "The Apple Sign In credentials could not be verified. Please try signing in again.",
  }),
  TEAM_PERMISSION_NOT_FOUND: defineErrorWithDetails({
    status: 401,
    details: z.object({ team_id: z.string(), user_id: z.string(), permission_id: z.string() }),
    message: (d) =>
      `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.`,
  }),
  OAUTH_PROVIDER_ACCESS_DENIED: defineError({
    status: 400,
    message: "The OAuth provider denied access to the user.",
  }),
  /** The reference only ever redirects this one from the OAuth callback (§6.5). */
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: defineError({
    status: 503,
    message: "The OAuth provider is temporarily unavailable. Please try signing in again.",
  }),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: defineErrorWithDetails({
    status: 409,
    details: z.object({
      type: z.string(),
      contact_channel_value: z.string().nullable().default(null),
      would_work_if_email_was_verified: z.boolean().default(false),
    }),
    // An unknown value leaves two spaces, as in the reference.
    message: (d) =>
      `This ${d.type} ${d.contact_channel_value ? `"(${d.contact_channel_value})"` : ""} is already used for authentication by another account${
        d.would_work_if_email_was_verified ? emailNotVerifiedSuffix : "."
      }`,
  }),
  INVALID_POLLING_CODE: defineError({
    status: 400,
    message: "The polling code is invalid or does not exist.",
  }),
  API_KEY_EXPIRED: defineError({
    status: 401,
    parent: "API_KEY_NOT_VALID",
    message: "API key has expired.",
  }),
  API_KEY_REVOKED: defineError({
    status: 401,
    parent: "API_KEY_NOT_VALID",
    message: "API key has been revoked.",
  }),
  WRONG_API_KEY_TYPE: defineErrorWithDetails({
    status: 400,
    parent: "API_KEY_NOT_VALID",
    details: z.object({ expected_type: z.string(), actual_type: z.string() }),
    message: (d) =>
      `This endpoint is for ${d.expected_type} API keys, but a ${d.actual_type} API key was provided.`,
  }),
  EMAIL_RENDERING_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ error: z.string() }),
    message: (d) => `Failed to render email with theme: ${d.error}`,
  }),
  TEMPLATE_SOURCE_REWRITE_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ error: z.string() }),
    message: (d) => `Failed to rewrite template source: ${d.error}`,
  }),
  REQUIRES_CUSTOM_EMAIL_SERVER: defineError({
    status: 400,
    message:
      "This action requires a custom SMTP server. Please edit your email server configuration and try again.",
  }),
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: defineErrorWithDetails({
    status: 409,
    details: z.object({ expires_at: z.string() }),
    message: (d) => `Email capacity boost is already active until ${d.expires_at}.`,
  }),
  EMAIL_NOT_EDITABLE: defineErrorWithDetails({
    status: 400,
    details: z.object({ email_id: z.string(), status: z.string() }),
    message: (d) =>
      `Email with ID ${quoted(d.email_id)} cannot be edited because it is in status ${quoted(d.status)}. Only emails in PAUSED, PREPARING, RENDERING, RENDER_ERROR, SCHEDULED, QUEUED, or SERVER_ERROR status can be edited.`,
  }),
  ITEM_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ item_id: z.string() }),
    message: (d) => `Item with ID ${quoted(d.item_id)} not found.`,
  }),
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: defineErrorWithDetails({
    status: 400,
    details: z.object({
      item_id: z.string(),
      customer_id: z.string(),
      item_customer_type: customerTypeSchema.nullable().default(null),
      actual_customer_type: customerTypeSchema,
    }),
    message: (d) =>
      `The ${d.actual_customer_type} with ID ${quoted(d.customer_id)} is not a valid customer for the item with ID ${quoted(d.item_id)}. ${
        d.item_customer_type
          ? `The item is configured to only be available for ${d.item_customer_type} customers, but the customer is a ${d.actual_customer_type}.`
          : "The item is missing a customer type field. Please make sure it is set up correctly in your project configuration."
      }`,
  }),
  CUSTOMER_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({ customer_id: z.string() }),
    message: (d) => `Customer with ID ${quoted(d.customer_id)} does not exist.`,
  }),
  PRODUCT_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({
      product_id: z.string(),
      context: z.enum(["server_only", "item_exists"]).nullable(),
    }),
    message: (d) =>
      `Product with ID ${quoted(d.product_id)} ${
        d.context === "server_only"
          ? "is marked as server-only and cannot be accessed client side."
          : d.context === "item_exists"
            ? "does not exist, but an item with this ID exists."
            : "does not exist."
      }`,
  }),
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: defineErrorWithDetails({
    status: 400,
    details: z.object({
      product_id: z.string().nullable().default(null),
      customer_id: z.string(),
      product_customer_type: customerTypeSchema.nullable().default(null),
      actual_customer_type: customerTypeSchema,
    }),
    message: (d) =>
      `The ${d.actual_customer_type} with ID ${quoted(d.customer_id)} is not a valid customer for the inline product that has been passed in. ${
        d.product_customer_type
          ? `The product is configured to only be available for ${d.product_customer_type} customers, but the customer is a ${d.actual_customer_type}.`
          : "The product is missing a customer type field. Please make sure it is set up correctly in your project configuration."
      }`,
  }),
  PRODUCT_ALREADY_GRANTED: defineErrorWithDetails({
    status: 400,
    details: z.object({ product_id: z.string(), customer_id: z.string() }),
    message: (d) =>
      `Customer with ID ${quoted(d.customer_id)} already owns product ${quoted(d.product_id)}.`,
  }),
  SUBSCRIPTION_INVOICE_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ subscription_invoice_id: z.string() }),
    message: (d) =>
      `Subscription invoice with ID ${quoted(d.subscription_invoice_id)} does not exist.`,
  }),
  ONE_TIME_PURCHASE_NOT_FOUND: defineErrorWithDetails({
    status: 404,
    details: z.object({ one_time_purchase_id: z.string() }),
    message: (d) => `One-time purchase with ID ${quoted(d.one_time_purchase_id)} does not exist.`,
  }),
  SUBSCRIPTION_ALREADY_REFUNDED: defineErrorWithDetails({
    status: 400,
    details: z.object({ subscription_id: z.string() }),
    message: (d) => `Subscription with ID ${quoted(d.subscription_id)} was already refunded.`,
  }),
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: defineErrorWithDetails({
    status: 400,
    details: z.object({ one_time_purchase_id: z.string() }),
    message: (d) =>
      `One-time purchase with ID ${quoted(d.one_time_purchase_id)} was already refunded.`,
  }),
  TEST_MODE_PURCHASE_NON_REFUNDABLE: defineError({
    status: 400,
    message: "Test mode purchases are not refundable.",
  }),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: defineErrorWithDetails({
    status: 400,
    details: z.object({ item_id: z.string(), customer_id: z.string(), quantity: z.number() }),
    message: (d) =>
      `The item with ID ${quoted(d.item_id)} has an insufficient quantity for the customer with ID ${quoted(d.customer_id)}. An attempt was made to charge ${d.quantity} credits.`,
  }),
  STRIPE_ACCOUNT_INFO_NOT_FOUND: defineError({
    status: 404,
    message:
      "Stripe account information not found. Please make sure the user has onboarded with Stripe.",
  }),
  DEFAULT_PAYMENT_METHOD_REQUIRED: defineErrorWithDetails({
    status: 400,
    details: z.object({ customer_type: z.enum(["user", "team"]), customer_id: z.string() }),
    message: () => "No default payment method is set for this customer.",
  }),
  NEW_PURCHASES_BLOCKED: defineError({
    status: 403,
    message:
      "New purchases are currently blocked for this project. Please contact support for more information.",
  }),
  DATA_VAULT_STORE_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({ store_id: z.string() }),
    message: (d) => `Data vault store with ID ${d.store_id} does not exist.`,
  }),
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: defineErrorWithDetails({
    status: 400,
    details: z.object({ store_id: z.string(), hashed_key: z.string() }),
    message: (d) =>
      `Data vault store with ID ${d.store_id} does not contain a key with hash ${d.hashed_key}.`,
  }),
  ANALYTICS_QUERY_TIMEOUT: defineErrorWithDetails({
    status: 400,
    details: z.object({ timeout_ms: z.number() }),
    message: (d) =>
      `The query timed out. Please try again with a shorter query or increase the timeout. Timeout was ${d.timeout_ms}ms.`,
  }),
  ANALYTICS_QUERY_ERROR: defineErrorWithDetails({
    status: 400,
    details: z.object({ error: humanMessage }),
    message: (d) => d.error,
  }),
  ANALYTICS_NOT_ENABLED: defineError({
    status: 400,
    message: "Analytics is not enabled for this project.",
  }),
};

type Catalogue = typeof knownErrorCatalogue;

/** A concrete known-error code: one the server may send. */
export type KnownErrorCode = keyof Catalogue;
/** A code usable for family checks: a concrete code (its own family) or an abstract parent. */
export type KnownErrorFamilyCode = KnownErrorCode | AbstractKnownErrorCode;

/** The `details` a known error of code `C` carries (`undefined` for codes without details). */
export type KnownErrorDetails<C extends KnownErrorCode> = C extends KnownErrorCode
  ? Catalogue[C]["detailsSchema"] extends z.ZodType
    ? z.output<Catalogue[C]["detailsSchema"]>
    : undefined
  : never;

/** The arguments of the constructor of code `C`; details with defaults may be left out. */
export type KnownErrorConstructorArgs<C extends KnownErrorCode> = C extends KnownErrorCode
  ? Catalogue[C]["detailsSchema"] extends z.ZodType
    ? Partial<z.input<Catalogue[C]["detailsSchema"]>> extends z.input<Catalogue[C]["detailsSchema"]>
      ? [details?: z.input<Catalogue[C]["detailsSchema"]>]
      : [details: z.input<Catalogue[C]["detailsSchema"]>]
    : []
  : never;

type ParentOf<F extends KnownErrorFamilyCode> = F extends KnownErrorCode
  ? Catalogue[F]["parent"]
  : F extends AbstractKnownErrorCode
    ? (typeof abstractKnownErrorParents)[F]
    : never;

type SelfAndAncestors<F extends KnownErrorFamilyCode> =
  | F
  | (ParentOf<F> extends KnownErrorFamilyCode ? SelfAndAncestors<ParentOf<F>> : never);

/** The concrete codes that belong to family `F` (`F` itself if it is concrete). */
export type KnownErrorCodeInFamily<F extends KnownErrorFamilyCode> = {
  [C in KnownErrorCode]: F extends SelfAndAncestors<C> ? C : never;
}[KnownErrorCode];

/**
 * The one error class for every known error. Create instances with `knownErrors.*` (server) or
 * `parseWireError` (client); check them with `isKnownError` / `isKnownErrorInFamily`.
 */
export class KnownError<C extends KnownErrorCode = KnownErrorCode> extends Error {
  override readonly name = "KnownError";
  readonly code: C;
  /** The HTTP status of the code, from the catalogue. */
  readonly status: number;
  readonly details: KnownErrorDetails<C>;

  constructor(code: C, message: string, details: KnownErrorDetails<C>) {
    super(message);
    this.code = code;
    this.status = knownErrorCatalogue[code].status;
    this.details = details;
  }
}

/** Every concrete code, in catalogue order. */
export const knownErrorCodes = Object.keys(knownErrorCatalogue) as readonly KnownErrorCode[];
/** Every abstract family code. */
export const abstractKnownErrorCodes = Object.keys(
  abstractKnownErrorParents,
) as readonly AbstractKnownErrorCode[];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(knownErrorCatalogue, code);
}

function isAbstractKnownErrorCode(code: string): code is AbstractKnownErrorCode {
  return Object.hasOwn(abstractKnownErrorParents, code);
}

function getParent(code: KnownErrorFamilyCode): AbstractKnownErrorCode | null {
  return isAbstractKnownErrorCode(code)
    ? abstractKnownErrorParents[code]
    : knownErrorCatalogue[code].parent;
}

/** The families a code belongs to, nearest parent first, excluding the code itself. */
export function getKnownErrorAncestors(code: KnownErrorFamilyCode): AbstractKnownErrorCode[] {
  const ancestors: AbstractKnownErrorCode[] = [];
  for (let parent = getParent(code); parent !== null; parent = getParent(parent)) {
    ancestors.push(parent);
  }
  return ancestors;
}

function createKnownError(code: KnownErrorCode, rawDetails: unknown): KnownError {
  const { details, message } = knownErrorCatalogue[code].build(rawDetails);
  return new KnownError(code, message, details as KnownErrorDetails<KnownErrorCode>);
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;

function toCamelCase(code: string): string {
  return code.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** One constructor per code, named after it in camelCase (`USER_NOT_FOUND` -> `userNotFound`). */
export type KnownErrorConstructors = {
  [C in KnownErrorCode as CamelCase<C>]: (...args: KnownErrorConstructorArgs<C>) => KnownError<C>;
};

/**
 * Constructors of every known error, typed by their details. The message is built from the details.
 * @example throw knownErrors.userEmailAlreadyExists({ email, would_work_if_email_was_verified: false });
 * @example throw knownErrors.insufficientAccessType({ actual_access_type: "client", allowed_access_types: ["server", "admin"] });
 */
export const knownErrors = Object.fromEntries(
  knownErrorCodes.map((code) => [
    toCamelCase(code),
    (details?: unknown) => createKnownError(code, details),
  ]),
) as KnownErrorConstructors;

/** Whether `error` is a known error, optionally of exactly `code`. */
export function isKnownError(error: unknown): error is KnownError;
export function isKnownError<C extends KnownErrorCode>(
  error: unknown,
  code: C,
): error is KnownError<C>;
export function isKnownError(error: unknown, code?: KnownErrorCode): boolean {
  return error instanceof KnownError && (code === undefined || error.code === code);
}

/**
 * Whether `error` is a known error of `family`: its own code, or any of its ancestors
 * (`isKnownErrorInFamily(e, "INVALID_ACCESS_TOKEN")` holds for `ACCESS_TOKEN_EXPIRED`).
 */
export function isKnownErrorInFamily<F extends KnownErrorFamilyCode>(
  error: unknown,
  family: F,
): error is KnownError<KnownErrorCodeInFamily<F>> {
  if (!(error instanceof KnownError)) return false;
  const code: KnownErrorCode = error.code;
  return code === family || getKnownErrorAncestors(code).some((ancestor) => ancestor === family);
}

/** The JSON body of a known-error response (contract §1.4). */
export interface WireKnownError<C extends KnownErrorCode = KnownErrorCode> {
  code: C;
  error: string;
  details?: KnownErrorDetails<C>;
}

/** The response body for a known error; `details` is omitted when the code has none. */
export function toWireError<C extends KnownErrorCode>(error: KnownError<C>): WireKnownError<C> {
  return error.details === undefined
    ? { code: error.code, error: error.message }
    : { code: error.code, error: error.message, details: error.details };
}

const wireBodySchema = z.object({
  code: z.string(),
  error: z.string().optional(),
  details: z.unknown().optional(),
});

// Every code whose details hold `message` uses it as the human message, so a body without details
// (the reference omits them for BODY_PARSING_ERROR, CLI_AUTH_*, PASSKEY_*_FAILED) can still be parsed.
function withMessageFallback(details: unknown, message: string | undefined): unknown {
  if (message === undefined) return details;
  if (details === undefined || details === null) return { message };
  if (typeof details === "object" && !Array.isArray(details)) return { message, ...details };
  return details;
}

function createUnsupportedError(
  originalErrorCode: string,
  originalMessage: string | undefined,
  originalStatus: number,
): KnownError<"UNSUPPORTED_ERROR"> {
  return knownErrors.unsupportedError({ originalErrorCode, originalMessage, originalStatus });
}

/**
 * Rebuilds a known error from a response (its real status and parsed JSON body). The message and
 * details come from the body; `status` of the result is the catalogue's. A code this catalogue does
 * not know, an abstract code, details that do not match the code's schema, or a body that is not a
 * known-error body become `UNSUPPORTED_ERROR` with `originalErrorCode`, `originalMessage` and
 * `originalStatus` in its details.
 */
export function parseWireError(status: number, body: unknown): KnownError {
  const parsed = wireBodySchema.safeParse(body);
  if (!parsed.success) return createUnsupportedError("", undefined, status);
  const { code, error: message, details } = parsed.data;
  if (!isKnownErrorCode(code)) return createUnsupportedError(code, message, status);
  const built = knownErrorCatalogue[code].tryBuild(withMessageFallback(details, message));
  if (built === null) return createUnsupportedError(code, message, status);
  return new KnownError(
    code,
    message ?? built.message,
    built.details as KnownErrorDetails<KnownErrorCode>,
  );
}
