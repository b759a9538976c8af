// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  getReturnTarget,
  resolveHandlerUrls,
  toAbsoluteUrl,
  toSameOriginPath,
  withReturnTo,
} from "./handler-options";

// jsdom pages run on http://localhost:3000.
describe("redirect targets (auth-platform spec section 2)", () => {
  it.each([
    ["/admin/users?tab=2#top", "/admin/users?tab=2"],
    ["http://localhost:3000/admin#x", "/admin"],
    ["https://localhost:3000/admin", null],
    ["http://localhost:3001/admin", null],
    ["//evil.example/admin", null],
    ["/\\evil.example", null],
    ["/admin\n", null],
    ["javascript:alert(1)", null],
    ["#only-a-hash", null],
  ])("%j is %j", (value, expected) => {
    expect(toSameOriginPath(value)).toBe(expected);
  });

  it("falls back when the parameter is missing or untrusted", () => {
    expect(getReturnTarget(new URLSearchParams(), "/home")).toBe("/home");
    const evil = new URLSearchParams({ after_auth_return_to: "https://evil.example" });
    expect(getReturnTarget(evil, "/home")).toBe("/home");
  });

  it("carries only a trusted return target to other handler links", () => {
    const params = new URLSearchParams({ after_auth_return_to: "/admin?x=1" });
    expect(withReturnTo("/handler/sign-up", params)).toBe(
      "/handler/sign-up?after_auth_return_to=%2Fadmin%3Fx%3D1",
    );
    expect(withReturnTo("/handler/mfa?a=b", params)).toBe(
      "/handler/mfa?a=b&after_auth_return_to=%2Fadmin%3Fx%3D1",
    );
    const evil = new URLSearchParams({ after_auth_return_to: "//evil.example" });
    expect(withReturnTo("/handler/sign-up", evil)).toBe("/handler/sign-up");
  });

  it("defaults after sign-up to after sign-in, and both to home", () => {
    expect(resolveHandlerUrls({ home: "/start" })).toEqual({
      home: "/start",
      handler: "/handler",
      afterSignIn: "/start",
      afterSignUp: "/start",
      afterSignOut: "/start",
    });
    expect(resolveHandlerUrls({ afterSignIn: "/admin" }).afterSignUp).toBe("/admin");
  });

  it("makes mailed links absolute on this origin", () => {
    expect(toAbsoluteUrl("/handler/password-reset")).toBe(
      "http://localhost:3000/handler/password-reset",
    );
  });
});
