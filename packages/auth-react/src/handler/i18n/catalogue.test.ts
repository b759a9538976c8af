/**
 * The catalogues: every key of the English source has a German and a Bosnian text that takes the
 * same values, with the plural forms its language needs, and no translation was left in English
 * but the few words the languages share. Then the formatter, the choice of language and the
 * wording of errors.
 */
import { describe, expect, it } from "vitest";
import { bs } from "./bs";
import { de } from "./de";
import { en, type MessageKey } from "./en";
import { formatMessage, messageArguments, pluralSelectors } from "./message-format";
import { createHandlerI18n, resolveHandlerLanguage } from "./translator";

const translations = { de, bs };
const keys = Object.keys(en) as MessageKey[];

/**
 * Texts that are the same word in the language as in English, by nature: German says "Code",
 * "Passkey" and "Teams" too. Bosnian has none.
 */
const sameAsEnglish: Record<keyof typeof translations, readonly MessageKey[]> = {
  de: ["mfa.codeLabel", "passkey.title", "teams.title"],
  bs: [],
};

describe.each(Object.entries(translations))("the %s catalogue", (language, catalogue) => {
  const locale = language;

  it("has exactly the English keys, each with a text", () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(catalogue[key].trim(), key).not.toBe("");
  });

  it("takes the same {values} as English in every text", () => {
    for (const key of keys) {
      expect(messageArguments(catalogue[key]), key).toEqual(messageArguments(en[key]));
    }
  });

  it("gives every plural the forms the language has", () => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of keys) {
      for (const selectors of pluralSelectors(catalogue[key])) {
        expect(selectors.filter((s) => !s.startsWith("=")).sort(), key).toEqual(
          [...categories].sort(),
        );
      }
    }
  });

  it("leaves nothing in English but the words both languages use", () => {
    const allowed = sameAsEnglish[language as keyof typeof translations];
    const same = keys.filter((key) => catalogue[key] === en[key]);
    expect(same).toEqual(allowed);
  });
});

describe("the English catalogue", () => {
  it("gives every plural the English forms", () => {
    for (const key of keys) {
      for (const selectors of pluralSelectors(en[key])) {
        expect(selectors.sort(), key).toEqual(["one", "other"]);
      }
    }
  });
});

describe("formatMessage", () => {
  const sessions = "{count, plural, one {# sesija} few {# sesije} other {# sesija}}";

  it("picks the Bosnian one/few/other forms", () => {
    expect(
      [1, 3, 5, 21, 22, 25, 111].map((count) => formatMessage(sessions, "bs", { count })),
    ).toEqual([
      "1 sesija",
      "3 sesije",
      "5 sesija",
      "21 sesija",
      "22 sesije",
      "25 sesija",
      "111 sesija",
    ]);
  });

  it("fills values, also inside a plural branch, and prefers an exact =n branch", () => {
    const template = "{name}: {n, plural, =0 {nothing} one {# item of {name}} other {# items}}";
    expect(formatMessage(template, "en", { name: "Ana", n: 0 })).toBe("Ana: nothing");
    expect(formatMessage(template, "en", { name: "Ana", n: 1 })).toBe("Ana: 1 item of Ana");
    expect(formatMessage(template, "en", { name: "Ana", n: 1000 })).toBe("Ana: 1,000 items");
  });

  it("keeps apostrophes and a placeholder without its value", () => {
    expect(formatMessage("Don't have {what}?", "en")).toBe("Don't have {what}?");
  });

  it("gives the catalogues' counted texts their forms", () => {
    const t = createHandlerI18n("bs").t;
    expect(t("validation.nameTooLong", { max: 256 })).toBe("Ime može imati najviše 256 znakova.");
    expect(t("validation.nameTooLong", { max: 21 })).toBe("Ime može imati najviše 21 znak.");
    expect(t("validation.nameTooLong", { max: 3 })).toBe("Ime može imati najviše 3 znaka.");
    expect(t("password.hint", { min: 8, max: 70 })).toBe("Od 8 do 70 znakova.");
    expect(createHandlerI18n("en").t("validation.nameTooLong", { max: 256 })).toBe(
      "The name can have at most 256 characters.",
    );
  });
});

describe("resolveHandlerLanguage", () => {
  it.each([
    [undefined, "en", "en"],
    ["", "en", "en"],
    ["en-GB", "en", "en-GB"],
    ["de", "de", "de"],
    ["de-DE", "de", "de-DE"],
    ["de_AT", "de", "de-AT"],
    ["bs", "bs", "bs"],
    ["bs-BA", "bs", "bs-BA"],
    ["BS-ba", "bs", "bs-BA"],
    ["bs-Cyrl-BA", "bs", "bs-BA"],
    ["hr", "en", "en"],
    ["fr-FR", "en", "en"],
    ["not a tag", "en", "en"],
  ])("reads %s as %s (locale %s)", (lang, language, locale) => {
    expect(resolveHandlerLanguage(lang)).toEqual({ language, locale });
  });
});

/** A known error as the client hands it over (auth-protocol's `KnownError`). */
function knownError(code: string, message: string, details?: unknown): Error {
  return Object.assign(new Error(message), { name: "KnownError", code, details });
}

describe("errorText", () => {
  it("keeps the server's own message in English, as the pages always did", () => {
    const { errorText } = createHandlerI18n(undefined);
    expect(errorText(knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."))).toBe(
      "Wrong e-mail or password.",
    );
    expect(errorText(knownError("SOMETHING_NEW", "Server words."))).toBe("Server words.");
    expect(errorText("not an error", "passkey.notSaved")).toBe("The passkey could not be saved.");
  });

  it("lets an English override replace the text of a code", () => {
    const { errorText } = createHandlerI18n("en", {
      "error.EMAIL_PASSWORD_MISMATCH": "That did not work.",
    });
    expect(errorText(knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."))).toBe(
      "That did not work.",
    );
  });

  it("words known codes in German and Bosnian, with their details", () => {
    const german = createHandlerI18n("de-DE");
    expect(
      german.errorText(knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password.")),
    ).toBe("Falsche E-Mail-Adresse oder falsches Passwort.");
    expect(
      german.errorText(knownError("USER_EMAIL_ALREADY_EXISTS", "x", { email: "ana@example.org" })),
    ).toBe("Es gibt bereits ein Konto mit der E-Mail-Adresse ana@example.org.");
    expect(
      createHandlerI18n("bs").errorText(
        knownError("PASSWORD_TOO_SHORT", "Password too short.", { min_length: 8 }),
      ),
    ).toBe("Lozinka je prekratka. Najmanja dužina je 8 znakova.");
  });

  it("says something went wrong for codes without a text, and names network failures", () => {
    const { errorText } = createHandlerI18n("bs");
    expect(errorText(knownError("SOMETHING_NEW", "Server words."))).toBe(
      "Došlo je do greške. Molimo pokušajte ponovo.",
    );
    const offline = Object.assign(new Error("You are offline."), { name: "AuthOfflineError" });
    expect(errorText(offline)).toBe(bs["error.offline"]);
    expect(errorText(new TypeError("fetch failed"))).toBe(bs["error.generic"]);
    expect(errorText(new Error("Denied"), "passkey.notSaved")).toBe(bs["passkey.notSaved"]);
  });
});

describe("translationOverrides", () => {
  it("replaces single texts of the chosen language, formatted like the catalogue's", () => {
    const { t } = createHandlerI18n("de", { "teams.left": "Tschüss, {team}!" });
    expect(t("teams.left", { team: "Archiv" })).toBe("Tschüss, Archiv!");
    expect(t("teams.title")).toBe("Teams");
  });
});
