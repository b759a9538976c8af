import { describe, expect, it } from "vitest";
import {
  authConfigSchema,
  checkAuthSettingsForMode,
  parseAuthConfig,
  parseDurationSeconds,
} from "./config";

describe("parseAuthConfig (happy)", () => {
  it("has a default and a description for every variable", () => {
    const config = parseAuthConfig({});
    expect(config).toEqual({
      STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: undefined,
      STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: undefined,
      STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: undefined,
      STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: false,
      STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: true,
      STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: false,
      SECRETS_KEY: undefined,
      SECRETS_KEY_PREVIOUS: [],
      STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR: 200,
      STACK_INTERNAL_FEEDBACK_RECIPIENTS: undefined,
      STACK_ACCESS_TOKEN_EXPIRATION_TIME: 600,
      STACK_SHARED_OAUTH_PROVIDERS: {},
      OUTGOING_ALLOW_PRIVATE_NETWORKS: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_API_BASE: "https://api.stripe.com",
      STACK_RESEND_API_KEY: undefined,
      STACK_RESEND_WEBHOOK_SECRET: undefined,
      STACK_RESEND_API_BASE: "https://api.resend.com",
      STACK_DNSIMPLE_API_TOKEN: undefined,
      STACK_DNSIMPLE_ACCOUNT_ID: undefined,
      STACK_DNSIMPLE_API_BASE_URL: "https://api.dnsimple.com/v2",
      AUTH_RATE_LIMIT_WINDOW: 600,
      AUTH_RATE_LIMIT_SIGN_IN_PER_IP: 300,
      AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: 10,
      AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL: 100,
      AUTH_RATE_LIMIT_SIGN_UP_PER_IP: 100,
      AUTH_RATE_LIMIT_SIGN_UP_PER_EMAIL: 10,
      AUTH_RATE_LIMIT_SEND_CODE_PER_IP: 50,
      AUTH_RATE_LIMIT_SEND_CODE_PER_EMAIL: 5,
      AUTH_RATE_LIMIT_CHECK_CODE_PER_IP: 100,
      AUTH_PRODUCTION_MODE_CHECKS: true,
      AUTH_DASHBOARD_SEAT_LIMITS: true,
      AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF: false,
      STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: false,
      AUTH_EMAIL_LOOKUP_MIN_DURATION_MS: 1500,
    });
    for (const [name, schema] of Object.entries(authConfigSchema.shape)) {
      expect(schema.description, name).toBeTruthy();
    }
  });

  it("reads durations, flags and limits; empty means default", () => {
    const config = parseAuthConfig({
      STACK_ACCESS_TOKEN_EXPIRATION_TIME: "1h",
      STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true",
      STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: "",
      OUTGOING_ALLOW_PRIVATE_NETWORKS: "1",
      AUTH_RATE_LIMIT_SIGN_IN_PER_IP: "0",
    });
    expect(config.STACK_ACCESS_TOKEN_EXPIRATION_TIME).toBe(3600);
    expect(config.STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED).toBe(true);
    expect(config.OUTGOING_ALLOW_PRIVATE_NETWORKS).toBe(true);
    expect(config.STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST).toBe(true);
    expect(config.AUTH_RATE_LIMIT_SIGN_IN_PER_IP).toBe(0);
    expect(parseDurationSeconds("60s")).toBe(60);
    expect(parseDurationSeconds("10min")).toBe(600);
    expect(parseDurationSeconds("90")).toBe(90);
  });
});

describe("STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING", () => {
  const read = (value: string) =>
    parseAuthConfig({ STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: value })
      .STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING;

  it("takes yes (the reference's spelling), true and 1; no, false, 0 and empty are off", () => {
    for (const on of ["yes", "true", "1"]) expect(read(on), on).toBe(true);
    for (const off of ["no", "false", "0", ""]) expect(read(off), off).toBe(false);
    expect(() => read("maybe")).toThrow(
      "STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: must be yes or no",
    );
  });

  it("is refused in production only", () => {
    const on = { STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: true };
    expect(checkAuthSettingsForMode(on, true)).toMatch(
      /^STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: refused when NODE_ENV=production/,
    );
    expect(checkAuthSettingsForMode(on, false)).toBeNull();
    const off = { STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: false };
    expect(checkAuthSettingsForMode(off, true)).toBeNull();
  });
});

describe("parseAuthConfig (error)", () => {
  it("names each bad variable on its own line", () => {
    expect(() =>
      parseAuthConfig({
        STACK_ACCESS_TOKEN_EXPIRATION_TIME: "45s",
        STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "yes",
        STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: "undefined",
        AUTH_RATE_LIMIT_WINDOW: "soon",
      }),
    ).toThrow(
      [
        "Invalid auth configuration:",
        'STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: must not be the string "undefined"',
        "STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: must be true or false",
        "STACK_ACCESS_TOKEN_EXPIRATION_TIME: must be longer than 45 s",
        'AUTH_RATE_LIMIT_WINDOW: "soon" is not a duration like 60s, 10min or 1h',
      ].join("\n"),
    );
  });
});
