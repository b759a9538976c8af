/**
 * The auth platform's environment variables as one zod schema. apps/server composes
 * `authConfigSchema.shape` into its own config; `parseAuthConfig` is for standalone use and tests.
 * @module
 */
import { z } from "zod";

const durationUnitsInSeconds: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  hours: 3600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
};

/** Parses "60s", "10min", "1h", "2d" or a bare number of seconds; null when unreadable. */
export function parseDurationSeconds(text: string): number | null {
  const match = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const unit = (match[2] ?? "").toLowerCase();
  const factor = unit === "" ? 1 : durationUnitsInSeconds[unit];
  return factor === undefined ? null : Number(match[1]) * factor;
}

// An unset variable and an empty one mean the same: use the default.
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

function optionalSecret(description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(8, "must be at least 8 characters")
        .refine((value) => value !== "undefined", 'must not be the string "undefined"')
        .optional(),
    )
    .describe(description);
}

function booleanFlag(defaultValue: boolean, description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .enum(["true", "false", "1", "0"], { message: "must be true or false" })
        .default(defaultValue ? "true" : "false")
        .transform((value) => value === "true" || value === "1"),
    )
    .describe(description);
}

/** A flag whose default depends on the run mode: unset stays `undefined` for the caller to decide. */
function optionalBooleanFlag(description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .enum(["true", "false", "1", "0"], { message: "must be true or false" })
        .optional()
        .transform((value) =>
          value === undefined ? undefined : value === "true" || value === "1",
        ),
    )
    .describe(description);
}

/**
 * A flag that also takes yes/no, the spelling the reference's test setups use for their switches
 * (`STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING=yes`).
 */
function yesNoFlag(description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be yes or no" })
        .default("no")
        .transform((value) => value === "true" || value === "1" || value === "yes"),
    )
    .describe(description);
}

function duration(defaultValue: string, minimumSeconds: number, description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .default(defaultValue)
        .transform((text, ctx) => {
          const seconds = parseDurationSeconds(text);
          if (seconds === null) {
            ctx.addIssue({
              code: "custom",
              message: `"${text}" is not a duration like 60s, 10min or 1h`,
            });
            return z.NEVER;
          }
          if (seconds <= minimumSeconds) {
            ctx.addIssue({ code: "custom", message: `must be longer than ${minimumSeconds} s` });
            return z.NEVER;
          }
          return seconds;
        }),
    )
    .describe(description);
}

function limit(defaultValue: number, description: string) {
  return z
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(defaultValue))
    .describe(description);
}

const sharedOAuthCredentialsSchema = z.record(
  z.string(),
  z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }),
);

/** JSON of `{type: {clientId, clientSecret}}`; unset means no shared OAuth apps. */
function sharedOAuthProviders(description: string) {
  const expected = 'must be JSON like {"github":{"clientId":"…","clientSecret":"…"}}';
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((text, ctx) => {
          if (text === undefined) return {};
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            ctx.addIssue({ code: "custom", message: expected });
            return z.NEVER;
          }
          const result = sharedOAuthCredentialsSchema.safeParse(parsed);
          if (!result.success) {
            ctx.addIssue({ code: "custom", message: expected });
            return z.NEVER;
          }
          return result.data;
        }),
    )
    .describe(description);
}

/** One client of the integration endpoints (Neon and custom provisioning), as the reference lists them. */
const integrationClientSchema = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(8),
  /** Where the integration OAuth flow may send the client's users back; without: provisioning only. */
  redirect_uris: z.array(z.url({ protocol: /^https?$/ })).optional(),
});
export type IntegrationClient = z.infer<typeof integrationClientSchema>;

/** JSON array of `{client_id, client_secret}` (the reference's oidc-provider client list); unset stays undefined. */
function integrationClients(description: string) {
  const expected =
    'must be a JSON array like [{"client_id":"…","client_secret":"…"}] (secrets of 8+ characters)';
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((text, ctx) => {
          if (text === undefined) return undefined;
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            ctx.addIssue({ code: "custom", message: expected });
            return z.NEVER;
          }
          const result = z.array(integrationClientSchema).safeParse(parsed);
          if (!result.success) {
            ctx.addIssue({ code: "custom", message: expected });
            return z.NEVER;
          }
          return result.data;
        }),
    )
    .describe(description);
}

const secretsKeyMessage =
  "must be at least 32 characters, e.g. the output of `openssl rand -base64 32`";

/** A key to encrypt stored secrets with; used as it is given, so it must be long and random. */
function secretsKey(description: string) {
  return z
    .preprocess(emptyAsUndefined, z.string().min(32, secretsKeyMessage).optional())
    .describe(description);
}

/** Comma-separated keys (base64 has no commas); unset means none. */
function secretsKeyList(description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((text, ctx) => {
          const keys = (text ?? "")
            .split(",")
            .map((key) => key.trim())
            .filter((key) => key !== "");
          if (keys.some((key) => key.length < 32)) {
            ctx.addIssue({ code: "custom", message: `each key ${secretsKeyMessage}` });
            return z.NEVER;
          }
          return keys;
        }),
    )
    .describe(description);
}

/** An http(s) base URL without a trailing slash. */
function baseUrl(defaultValue: string, description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
        .default(defaultValue)
        .transform((url) => url.replace(/\/+$/, "")),
    )
    .describe(description);
}

/** An optional http(s) base URL without a trailing slash; unset or empty: undefined. */
function optionalBaseUrl(description: string) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
        .optional()
        .transform((url) => url?.replace(/\/+$/, "")),
    )
    .describe(description);
}

/** Environment variables of the auth platform, each with its meaning and default. */
export const authConfigSchema = z.object({
  STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: optionalSecret(
    "Publishable client key of the internal project. Unset: a key set is generated on first start and logged once.",
  ),
  STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: optionalSecret(
    "Secret server key of the internal project. Unset: generated on first start and logged once.",
  ),
  STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: optionalSecret(
    "Super secret admin key of the internal project. Unset: generated on first start and logged once.",
  ),
  STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: booleanFlag(
    false,
    "Whether anyone may sign up to the internal project (the dashboard's own users, who can create projects); applied at every start. Off by default: on a public server, anyone could otherwise create projects.",
  ),
  STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: booleanFlag(
    true,
    "Whether the internal project trusts localhost redirect URLs; applied at every start.",
  ),
  STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: booleanFlag(
    false,
    "Whether the internal project offers sign-in with e-mailed codes and magic links (OTP); applied at every start.",
  ),
  STACK_DATA_VAULT_SECRET: optionalSecret(
    "Secret the server encrypts data vault values and OAuth provider tokens with at rest (AES-256-GCM, key derived per value by HKDF). Changing it makes stored values unreadable. Unset: the data vault answers 500 and provider tokens are not kept (connected accounts get none), except in development (fixed development secret).",
  ),
  CRON_SECRET: optionalSecret(
    "Bearer token of the scheduler's calls (`Authorization: Bearer <CRON_SECRET>`): GET /api/v1/internal/email-queue-step (a pass of the e-mail queue now) and POST /api/v1/internal/failed-emails-digest (the last day's failed e-mails per project). Unset: both answer 401 to every call.",
  ),
  STACK_EMAIL_MONITOR_SECRET_TOKEN: optionalSecret(
    "Bearer token of the e-mail monitor's call (`POST /health/email` with `Authorization: Bearer <token>`), which checks that the platform's mail server (SMTP_URL) accepts a connection and answers 200 `{ success: true }` or 503. Unset: the call answers 401.",
  ),
  STACK_INTERNAL_FEEDBACK_RECIPIENTS: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((value) => value.split(",").map((address) => address.trim().toLowerCase()))
        .pipe(z.array(z.email()).min(1))
        .transform((addresses) => [...new Set(addresses)])
        .optional(),
    )
    .describe(
      "Comma-separated addresses that support feedback (POST /api/v1/internal/feedback, from the dashboard or an app's dev tool) is mailed to, through the internal project's mail (or the caller's project's). Unset: feedback is off (a 404 saying so, after the body is checked). The reference's development setting is team@stack-auth.com.",
    ),
  STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR: z
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(200))
    .describe(
      "Messages of the send queue (POST /emails/send-email) a project may send per rolling hour before the rest wait, as the reference computes it: this baseline plus four times the last month's hourly average, lowered by bounces and spam reports (none over SMTP), at least a quarter of the baseline, times 4 during a capacity boost (POST /emails/capacity-boost, 4 hours). GET /emails/delivery-info shows it per second.",
    ),
  SECRETS_KEY: secretsKey(
    "Key the stored secrets are encrypted with (signing keys, TOTP secrets, webhook secrets, the site project's secret server key; AES-256-GCM), at least 32 characters. Unset: generated once into DATA_DIR/secrets.key (mode 0600) and read from there on every start. Set it, the same in every process, when processes on different machines share one PostgreSQL database.",
  ),
  SECRETS_KEY_PREVIOUS: secretsKeyList(
    "Former SECRETS_KEY values, comma-separated, during a key rotation: values encrypted with them are still read, and each start re-encrypts them with SECRETS_KEY. Remove once every process has restarted with the new key.",
  ),
  STACK_ACCESS_TOKEN_EXPIRATION_TIME: duration(
    "10min",
    45,
    "Lifetime of access tokens, e.g. 60s, 10min, 1h; must be longer than 45 s.",
  ),
  STACK_SHARED_OAUTH_PROVIDERS: sharedOAuthProviders(
    'Credentials of the platform\'s shared (development) OAuth apps by provider type, as JSON: {"github":{"clientId":"…","clientSecret":"…"}}. Providers a project marks as shared use them. Unset: shared providers are off.',
  ),
  STACK_INTEGRATION_CLIENTS_CONFIG: integrationClients(
    'The clients allowed to provision and transfer projects through /integrations/neon and /integrations/custom (HTTP Basic client_id:client_secret), as JSON: [{"client_id":"…","client_secret":"…","redirect_uris":["https://…"]}]. A client with redirect_uris also takes part in the integration OAuth flow (/integrations/{neon,custom}/oauth/authorize), whose users go back only to those addresses. Unset: none in production; in development the reference\'s development clients neon-local / neon-local-secret and custom-local / custom-local-secret.',
  ),
  STACK_DASHBOARD_URL: optionalBaseUrl(
    "Base URL of the dashboard that confirms project transfers from integrations (links {STACK_DASHBOARD_URL}/integrations/neon/projects/transfer/confirm?code=…) and the integration OAuth flow ({STACK_DASHBOARD_URL}/integrations/{neon,custom}/confirm?interaction_uid=…). Unset: in development the reference's development layout, the dashboard one port below the API (PUBLIC_URL with its port minus one); in production PUBLIC_URL.",
  ),
  OUTGOING_ALLOW_PRIVATE_NETWORKS: optionalBooleanFlag(
    "Whether requests that projects can aim (webhook deliveries, custom OIDC providers, a project's own SMTP server) may reach loopback, private, link-local and other non-public addresses. Off: only public addresses, checked when the target is saved and again on every connection. Turn on only when every project admin is trusted (tests, a private network). Unset: off in production, on when NODE_ENV is not production (`npm run dev`, where the developer's own mail catcher and webhook receiver run on localhost).",
  ),
  STRIPE_SECRET_KEY: optionalSecret(
    "Stripe secret API key (sk_live_… or sk_test_…). With STRIPE_WEBHOOK_SECRET, purchase URLs of projects outside payments test mode lead to Stripe Checkout. Unset: such projects get STRIPE_ACCOUNT_INFO_NOT_FOUND.",
  ),
  STRIPE_WEBHOOK_SECRET: optionalSecret(
    "Signing secret (whsec_…) of the Stripe webhook endpoint {PUBLIC_URL}/api/v1/integrations/stripe/webhooks; paid Checkout Sessions grant their product only through it. Needed with STRIPE_SECRET_KEY.",
  ),
  STRIPE_API_BASE: baseUrl(
    "https://api.stripe.com",
    "Base URL of the Stripe API (tests point it at a local fake).",
  ),
  STACK_RESEND_API_KEY: optionalSecret(
    "Resend API key (full access) of the platform's managed e-mail onboarding (POST /api/v1/internal/emails/managed-onboarding/setup): a project's admin names a subdomain and a sender, the server creates the domain at Resend and its DNS zone at DNSimple (STACK_DNSIMPLE_*), and once Resend has verified it (its webhook, STACK_RESEND_WEBHOOK_SECRET) the project's mail can go out through Resend with a key for that domain alone. mock_resend_api_key, outside production: simulated, nothing leaves the server (the domain is verified a second after setup and the key is a made-up one), as the reference's development setting. Unset: onboarding is off (a 400 saying so) in production; simulated in development.",
  ),
  STACK_RESEND_WEBHOOK_SECRET: optionalSecret(
    "Signing secret (whsec_…) of the Resend webhook endpoint {PUBLIC_URL}/api/v1/integrations/resend/webhooks, through which Resend reports a managed domain verified or failed. Unset: the endpoint answers 503.",
  ),
  STACK_RESEND_API_BASE: baseUrl(
    "https://api.resend.com",
    "Base URL of the Resend API (tests point it at a local fake).",
  ),
  STACK_DNSIMPLE_API_TOKEN: optionalSecret(
    "DNSimple API token of the account that holds the zones of managed sending domains. Needed with STACK_RESEND_API_KEY.",
  ),
  STACK_DNSIMPLE_ACCOUNT_ID: z
    .preprocess(emptyAsUndefined, z.string().optional())
    .describe("DNSimple account id of those zones. Needed with STACK_RESEND_API_KEY."),
  STACK_DNSIMPLE_API_BASE_URL: baseUrl(
    "https://api.dnsimple.com/v2",
    "Base URL of the DNSimple API, its version included (tests point it at a local fake).",
  ),
  AUTH_RATE_LIMIT_WINDOW: duration(
    "10min",
    0,
    "Length of the fixed window the auth rate limits count in, e.g. 60s, 10min.",
  ),
  AUTH_RATE_LIMIT_SIGN_IN_PER_IP: limit(
    300,
    "Password sign-in attempts allowed per client IP per window (0 = no limit).",
  ),
  AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: limit(
    10,
    "Password sign-in attempts allowed for one email address from one client IP per window (0 = no limit); guessing from one client does not lock the owner out on another.",
  ),
  AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL: limit(
    100,
    "Password sign-in attempts allowed for one email address from all clients together per window (0 = no limit): a ceiling for guessing spread over many client IPs.",
  ),
  AUTH_RATE_LIMIT_SIGN_UP_PER_IP: limit(
    100,
    "Password sign-ups allowed per client IP per window (0 = no limit).",
  ),
  AUTH_RATE_LIMIT_SIGN_UP_PER_EMAIL: limit(
    10,
    "Password sign-up attempts allowed per email address per window (0 = no limit).",
  ),
  AUTH_RATE_LIMIT_SEND_CODE_PER_IP: limit(
    50,
    "E-mails with codes (sign-in codes, password resets, verifications, team invitations) sent per client IP per window (0 = no limit).",
  ),
  AUTH_RATE_LIMIT_SEND_CODE_PER_EMAIL: limit(
    5,
    "E-mails with codes sent to one e-mail address per window (0 = no limit).",
  ),
  AUTH_RATE_LIMIT_CHECK_CODE_PER_IP: limit(
    100,
    "Codes (e-mailed codes, TOTP codes, passkey challenges, CLI login codes) checked or redeemed per client IP per window (0 = no limit).",
  ),
  AUTH_PRODUCTION_MODE_CHECKS: booleanFlag(
    true,
    "Whether a project can be in production mode only without the problems the official SDK's getProductionModeErrors lists (localhost allowed, localhost, IP or http trusted domains): such a change is refused with the list. false: accepted, as the reference server does (the dashboard still shows the problems).",
  ),
  AUTH_DASHBOARD_SEAT_LIMITS: booleanFlag(
    true,
    "Whether joining a team of the internal project (the dashboard's teams, which administer projects) needs a free dashboard_admins seat, as on the reference server: each new team starts on the Free plan with one seat (its creator), more come from the Team or Growth plan, Extra Seats or POST /payments/items/team/{id}/dashboard_admins/update-quantity. false: any number of admins may join.",
  ),
  AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF: booleanFlag(
    false,
    "Whether POST /auth/anonymous/sign-up creates anonymous users in projects whose sign-up is off, as the reference does (upgrading them still needs sign-up). Off by default: anyone could otherwise add users to a project meant to have only those its operator creates, like the site's.",
  ),
  STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: yesNoFlag(
    'Tests only: every passkey registration and sign-in gets the fixed challenge "MOCK" (TU9DSw in base64url) instead of a random one, so recorded authenticator answers verify, as with the reference\'s switch of this name (its e2e suite needs it). A fixed challenge lets a captured answer be replayed, so the server refuses to start with it when NODE_ENV=production. Default: no.',
  ),
  STACK_OAUTH_MOCK_URL: optionalBaseUrl(
    "Tests only: the address of the Stack Auth reference's mock OAuth server (apps/mock-oauth-server; its e2e suite runs it on port {prefix}14). Set, every shared OAuth provider (isShared) signs in there as the reference does in its tests: OpenID discovery at this address, client id = the provider type (github, spotify, ...), client secret MOCK-SERVER-SECRET, scopes openid offline_access, the account's e-mail taken from its subject and treated as verified; shared providers' access tokens are then handed out. Requests go only to this address's origin, each with a 10 s deadline. It would let anyone sign in as any address, so the server refuses to start with it when NODE_ENV=production. Unset: shared providers use STACK_SHARED_OAUTH_PROVIDERS and the providers' real endpoints.",
  ),
  AUTH_EMAIL_LOOKUP_MIN_DURATION_MS: limit(
    1500,
    "Forgot-password answers take at least this many milliseconds, so their timing does not tell whether an address has an account (0 = off).",
  ),
});

/**
 * Settings the auth platform refuses in production: the message naming the variable, or null.
 * apps/server checks it at start; createAuthApi checks it again outside development.
 */
export function checkAuthSettingsForMode(
  config: Pick<AuthConfig, "STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING"> &
    Partial<Pick<AuthConfig, "STACK_OAUTH_MOCK_URL" | "STACK_RESEND_API_KEY">>,
  isProduction: boolean,
): string | null {
  if (isProduction && config.STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING) {
    return "STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: refused when NODE_ENV=production (a fixed passkey challenge lets recorded passkey answers be replayed)";
  }
  if (isProduction && config.STACK_OAUTH_MOCK_URL !== undefined) {
    return "STACK_OAUTH_MOCK_URL: refused when NODE_ENV=production (the mock OAuth server signs anyone in as any address they type)";
  }
  if (isProduction && config.STACK_RESEND_API_KEY === "mock_resend_api_key") {
    return "STACK_RESEND_API_KEY=mock_resend_api_key: refused when NODE_ENV=production (it simulates Resend: sending domains would be verified without their DNS records)";
  }
  return null;
}

/** The parsed auth configuration (durations in seconds, flags as booleans). */
export type AuthConfig = z.output<typeof authConfigSchema>;

/**
 * Parses the auth platform's variables out of an environment. Throws an Error with one line per bad
 * variable, naming it.
 */
export function parseAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  const result = authConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `${issue.path.map(String).join(".")}: ${issue.message}`,
  );
  throw new Error(`Invalid auth configuration:\n${lines.join("\n")}`);
}
