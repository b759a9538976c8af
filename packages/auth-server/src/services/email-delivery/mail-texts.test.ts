/** The built-in mails' texts: every language has every text, with the same places to fill in. */
import { describe, expect, it } from "vitest";
import {
  renderEmailVerificationEmail,
  renderMagicLinkEmail,
  renderPasswordResetEmail,
  renderTeamInvitationEmail,
} from "./emails";
import {
  type BuiltInMail,
  fillMailText,
  type LinkMailTexts,
  mailLanguages,
  mailTexts,
} from "./mail-texts";

const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("mail texts", () => {
  it("has, in German and Bosnian, a translation of each English text with the same places", () => {
    for (const language of mailLanguages) {
      for (const mail of Object.keys(mailTexts.en) as BuiltInMail[]) {
        for (const part of Object.keys(mailTexts.en[mail]) as (keyof LinkMailTexts)[]) {
          const english = mailTexts.en[mail][part];
          const translated = mailTexts[language][mail][part];
          expect(translated, `${language} ${mail}.${part}`).toBeTruthy();
          expect(places(translated), `${language} ${mail}.${part}`).toEqual(places(english));
          if (language !== "en") expect(translated).not.toBe(english);
        }
      }
    }
  });

  it("fills each place once, never the text a value brings along", () => {
    expect(fillMailText("Sign in to {project}: {otp}", { project: "{otp}", otp: "AB12" })).toBe(
      "Sign in to {otp}: AB12",
    );
  });

  it("renders each mail in the chosen language, with the language on its HTML", () => {
    const link = "https://site.test/de/handler/x?code=abc";
    const mails = [
      renderEmailVerificationEmail({ projectName: "Heritage", link, language: "bs" }),
      renderPasswordResetEmail({ projectName: "Heritage", link, language: "bs" }),
      renderMagicLinkEmail({ projectName: "Heritage", link, otp: "X1Y2Z3", language: "bs" }),
      renderTeamInvitationEmail({ projectName: "Heritage", teamName: "Tim", link, language: "bs" }),
    ];
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Potvrdite svoju e-mail adresu na Heritage",
      "Nova lozinka za Heritage",
      "Prijava na Heritage: vaš kod je X1Y2Z3",
      "Pozvani ste da se pridružite timu Tim",
    ]);
    for (const mail of mails) {
      expect(mail.html).toContain('<html lang="bs">');
      expect(mail.text).toContain(link);
    }
    expect(renderPasswordResetEmail({ projectName: "Heritage", link }).html).toContain(
      '<html lang="en">',
    );
  });
});
