import { knownErrors } from "@heritage/auth-protocol";
import { describe, expect, it } from "vitest";
import { signInStrings } from "../../../i18n/sign-in-strings";
import { describeSignInError, describeUnexpectedError } from "./sign-in-messages";

describe("sign-in notices", () => {
  const mismatch = knownErrors.emailPasswordMismatch();
  const unusual = knownErrors.userNotFound();

  it("in English show the platform's own message", () => {
    expect(describeSignInError(mismatch)).toEqual({
      title: "Authentication Error",
      text: mismatch.message,
    });
    expect(describeUnexpectedError(new Error("Failed to fetch")).text).toBe("Failed to fetch");
  });

  it("in German and Bosnian translate the error, and never show the English message", () => {
    expect(describeSignInError(mismatch, signInStrings.de)).toEqual({
      title: "Anmeldung fehlgeschlagen",
      text: "E-Mail-Adresse oder Passwort ist falsch",
    });
    expect(describeSignInError(mismatch, signInStrings.bs).text).toBe(
      "Pogrešna e-mail adresa ili lozinka",
    );
    const other = knownErrors.projectNotFound({ project_id: "x" });
    expect(describeSignInError(other, signInStrings.de).text).toBe(
      "Die Anmeldung ist fehlgeschlagen",
    );
    expect(describeSignInError(unusual, signInStrings.bs).text).not.toBe(unusual.message);
    expect(describeUnexpectedError(new Error("Failed to fetch"), signInStrings.bs).text).toBe(
      "Došlo je do nepoznate greške",
    );
  });
});
