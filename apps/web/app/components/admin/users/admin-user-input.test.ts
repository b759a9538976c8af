import { describe, expect, it } from "vitest";
import { validateAdminUserInput } from "./admin-user-input";

const valid = { email: "admin@example.org", password: "a long password", displayName: "Admin" };

describe("validateAdminUserInput", () => {
  it("accepts a complete admin", () => {
    expect(validateAdminUserInput(valid)).toEqual({});
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
