import { describe, expect, it } from "vitest";
import { adminLanguageCookies, chosenAdminLanguage } from "./admin-language";

describe("the admin area's language (decision 034)", () => {
  it("is the cookie's, else the browser's, else English", () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(
      chosenAdminLanguage(headers({ cookie: "preferredLanguage=bs", "accept-language": "de" })),
    ).toBe("bs");
    expect(chosenAdminLanguage(headers({ "accept-language": "de-AT,de;q=0.9" }))).toBe("de");
    expect(chosenAdminLanguage(headers({ "accept-language": "hr" }))).toBe("bs");
    expect(chosenAdminLanguage(headers({ "accept-language": "fr" }))).toBe("en");
  });

  it("is remembered for the sign-in pages and the admin area, its data requests included", () => {
    expect(adminLanguageCookies("de").map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([
      "/login",
      "/handler",
      "/admin",
      "/admin.data",
    ]);
  });
});
