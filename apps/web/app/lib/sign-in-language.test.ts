import { describe, expect, it } from "vitest";
import {
  chosenSignInLanguage,
  signInLanguageCookies,
  signInLanguageRedirect,
} from "./sign-in-language";

const at = (path: string) => new URL(path, "http://site.test");
const headers = (values: Record<string, string>) => new Headers(values);

describe("the sign-in pages' language", () => {
  it("sends an English sign-in page on to the browser's German or Bosnian, keeping the query", () => {
    const german = headers({ "accept-language": "de-CH,de;q=0.9,en;q=0.5" });
    expect(signInLanguageRedirect(at("/login"), german)).toBe("/de/login");
    expect(signInLanguageRedirect(at("/handler/password-reset?code=abc"), german)).toBe(
      "/de/handler/password-reset?code=abc",
    );
    const croatian = headers({ "accept-language": "hr" });
    expect(signInLanguageRedirect(at("/handler"), croatian)).toBe("/bs/handler");
  });

  it("lets the choice made on the site (the cookie) win over the browser, English included", () => {
    const englishChoice = headers({
      "accept-language": "de",
      cookie: "theme=dark; preferredLanguage=en",
    });
    expect(chosenSignInLanguage(englishChoice)).toBe("en");
    expect(signInLanguageRedirect(at("/login"), englishChoice)).toBeNull();
    const bosnianChoice = headers({ "accept-language": "en", cookie: "preferredLanguage=bs" });
    expect(signInLanguageRedirect(at("/login"), bosnianChoice)).toBe("/bs/login");
    // A cookie that is not one of our languages is not a choice.
    const odd = headers({ "accept-language": "de", cookie: "preferredLanguage=xx" });
    expect(chosenSignInLanguage(odd)).toBe("de");
  });

  it("leaves prefixed pages, other pages and English readers where they are", () => {
    const german = headers({ "accept-language": "de" });
    expect(signInLanguageRedirect(at("/de/login"), german)).toBeNull();
    expect(signInLanguageRedirect(at("/bs/handler/sign-in"), german)).toBeNull();
    expect(signInLanguageRedirect(at("/admin"), german)).toBeNull();
    expect(signInLanguageRedirect(at("/loginx"), german)).toBeNull();
    expect(signInLanguageRedirect(at("/login"), headers({}))).toBeNull();
    expect(
      signInLanguageRedirect(at("/login"), headers({ "accept-language": "fr, *" })),
    ).toBeNull();
  });

  it("keeps the choice in cookies only the sign-in paths receive", () => {
    expect(signInLanguageCookies("de")).toEqual([
      "preferredLanguage=de; Path=/login; Max-Age=31536000; SameSite=Lax",
      "preferredLanguage=de; Path=/handler; Max-Age=31536000; SameSite=Lax",
    ]);
  });
});
