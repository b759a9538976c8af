import { describe, expect, it } from "vitest";
import { validateAdminUserInput } from "./admin-user-input";

const valid = { email: "admin@example.org", password: "a long password", displayName: "Admin" };

describe("validateAdminUserInput", () => {
  it("accepts a complete admin", () => {
    expect(validateAdminUserInput(valid)).toEqual({});
  });

  it("keeps to the auth platform's one password rule, 8 to 70 characters (issue 33, item 12)", () => {
    expect(validateAdminUserInput({ ...valid, password: "1234567" })).toEqual({
      password: "Password must be at least 8 characters",
    });
    expect(validateAdminUserInput({ ...valid, password: "12345678" })).toEqual({});
    expect(validateAdminUserInput({ ...valid, password: "x".repeat(70) })).toEqual({});
    expect(validateAdminUserInput({ ...valid, password: "x".repeat(71) })).toEqual({
      password: "Password must be at most 70 characters",
    });
  });

  it.each([
    ["email", "admin\u0000@example.org"],
    ["displayName", "Ad\u0000min"],
    ["displayName", "Admin \ud800"],
  ] as const)("refuses text the database cannot keep in %s (issue 14)", (field, value) => {
    expect(validateAdminUserInput({ ...valid, [field]: value })).toEqual({
      [field]: "This text contains characters that cannot be saved",
    });
  });
});
