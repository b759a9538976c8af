import { describe, expect, it } from "vitest";
import { clientUserSchema, serverUserSchema } from "./users";

const team = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  display_name: "Ana's Team",
  profile_image_url: null,
  client_metadata: null,
  client_read_only_metadata: null,
};

const clientUser = {
  id: "0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a",
  primary_email: "ana@example.com",
  primary_email_verified: true,
  display_name: null,
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  client_metadata: { theme: "dark" },
  client_read_only_metadata: null,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  auth_with_email: true,
  requires_totp_mfa: false,
  oauth_providers: [{ id: "github", account_id: "42", email: null }],
  selected_team_id: team.id,
  selected_team: team,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  restricted_by_admin: false,
  restricted_by_admin_reason: null,
};

const serverUser = {
  ...clientUser,
  selected_team: { ...team, created_at_millis: 1_700_000_000_000, server_metadata: null },
  primary_email_auth_enabled: true,
  last_active_at_millis: 1_700_000_100_000,
  server_metadata: null,
  restricted_by_admin_private_details: null,
  country_code: null,
  risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
};

describe("user wire objects (§1.8)", () => {
  it("accept the client and server shapes", () => {
    expect(clientUserSchema.parse(clientUser)).toEqual(clientUser);
    expect(serverUserSchema.parse(serverUser)).toEqual(serverUser);
  });

  it("keep server-only fields out of the client shape", () => {
    expect(clientUserSchema.safeParse({ ...clientUser, server_metadata: null }).success).toBe(
      false,
    );
  });

  it("require every key, nulls explicit", () => {
    const { display_name: _omitted, ...withoutDisplayName } = clientUser;
    expect(clientUserSchema.safeParse(withoutDisplayName).success).toBe(false);
    const { risk_scores: _risk, ...withoutRiskScores } = serverUser;
    expect(serverUserSchema.safeParse(withoutRiskScores).success).toBe(false);
  });

  it("require restricted_reason if and only if the user is restricted", () => {
    expect(clientUserSchema.safeParse({ ...clientUser, is_restricted: true }).success).toBe(false);
    expect(
      clientUserSchema.safeParse({
        ...clientUser,
        is_restricted: true,
        restricted_reason: { type: "email_not_verified" },
      }).success,
    ).toBe(true);
  });
});
