import { describe, expect, it } from "vitest";
import { accessTokenClaimsSchema, audienceForProject, issuerForProject } from "./jwt-claims";

const projectId = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";

const validClaims = {
  iss: `http://localhost:8102/api/v1/projects/${projectId}`,
  aud: projectId,
  sub: "0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a",
  iat: 1_700_000_000,
  exp: 1_700_000_600,
  project_id: projectId,
  branch_id: "main",
  refresh_token_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  role: "authenticated",
  name: null,
  email: "ana@example.com",
  email_verified: false,
  selected_team_id: null,
  signed_up_at: 1_699_999_999,
  is_anonymous: false,
  is_restricted: true,
  restricted_reason: { type: "email_not_verified" },
  requires_totp_mfa: false,
};

describe("accessTokenClaimsSchema", () => {
  it("accepts a valid payload of exactly 18 claims", () => {
    expect(Object.keys(validClaims)).toHaveLength(18);
    expect(accessTokenClaimsSchema.parse(validClaims)).toEqual(validClaims);
  });

  it("rejects an extra claim", () => {
    expect(accessTokenClaimsSchema.safeParse({ ...validClaims, typ: "JWT" }).success).toBe(false);
  });

  it.each(Object.keys(validClaims))("rejects a payload missing %s", (claim) => {
    const { [claim]: _missing, ...rest } = validClaims as Record<string, unknown>;
    expect(accessTokenClaimsSchema.safeParse(rest).success).toBe(false);
  });

  it("rejects a role other than authenticated", () => {
    expect(accessTokenClaimsSchema.safeParse({ ...validClaims, role: "anon" }).success).toBe(false);
  });
});

describe("issuer and audience (§1.5)", () => {
  it("builds the three issuers, dropping a trailing slash of the base URL", () => {
    expect(issuerForProject("https://auth.example.org/", "p1", "normal")).toBe(
      "https://auth.example.org/api/v1/projects/p1",
    );
    expect(issuerForProject("https://auth.example.org", "p1", "anonymous")).toBe(
      "https://auth.example.org/api/v1/projects-anonymous-users/p1",
    );
    expect(issuerForProject("https://auth.example.org", "p1", "restricted")).toBe(
      "https://auth.example.org/api/v1/projects-restricted-users/p1",
    );
  });

  it("builds the three audiences", () => {
    expect(audienceForProject("p1", "normal")).toBe("p1");
    expect(audienceForProject("p1", "anonymous")).toBe("p1:anon");
    expect(audienceForProject("p1", "restricted")).toBe("p1:restricted");
  });
});
