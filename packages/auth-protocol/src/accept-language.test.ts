import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./accept-language";

const ours = ["en", "de", "bs"] as const;

describe("preferredLanguage", () => {
  it("takes the first range we speak, by quality, with regions matching their language", () => {
    expect(preferredLanguage("de-AT,de;q=0.9,en;q=0.8", ours)).toBe("de");
    expect(preferredLanguage("fr-FR, fr;q=0.9, bs;q=0.5, en;q=0.7", ours)).toBe("en");
    expect(preferredLanguage("en;q=0.2, BS-ba", ours)).toBe("bs");
  });

  it("matches aliases (Croatian and Serbian readers get Bosnian) only where nothing better is asked", () => {
    const aliases = { hr: "bs", sr: "bs" } as const;
    expect(preferredLanguage("hr-HR,hr;q=0.9,en;q=0.8", ours, aliases)).toBe("bs");
    expect(preferredLanguage("sr-Latn-BA", ours, aliases)).toBe("bs");
    expect(preferredLanguage("en, hr;q=0.5", ours, aliases)).toBe("en");
  });

  it("leaves the choice to the caller for a missing, wildcard, refused or unknown header", () => {
    expect(preferredLanguage(undefined, ours)).toBeUndefined();
    expect(preferredLanguage("", ours)).toBeUndefined();
    expect(preferredLanguage("*", ours)).toBeUndefined();
    expect(preferredLanguage("de;q=0, fr", ours)).toBeUndefined();
    expect(preferredLanguage(";;;,,==", ours)).toBeUndefined();
  });
});
