// @vitest-environment jsdom
/**
 * The pages used in German and Bosnian, as a visitor does: the server's answer and the forms' own
 * checks in the chosen language, the focus where it always goes, dates in the language's format,
 * an app's own texts, and English for any other language.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  fieldError,
  getButton,
  getInput,
  knownError,
  type RenderedHandler,
  renderHandler,
  submit,
  text,
  typeInto,
  userId,
} from "../handler-test-harness";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

describe("in German", () => {
  it("shows a wrong password as the German alert, which takes the focus", async () => {
    page = await renderHandler("sign-in", {
      lang: "de-DE",
      routes: {
        "POST /auth/password/sign-in": () =>
          knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."),
      },
    });
    expect(page.container.querySelector("h1")?.textContent).toBe(
      "Melden Sie sich bei Ihrem Konto an",
    );
    await submit(getButton(page.container, "Anmelden"));
    expect(fieldError(getInput(page.container, "E-Mail"))).toBe(
      "Bitte geben Sie Ihre E-Mail-Adresse ein.",
    );
    expect(fieldError(getInput(page.container, "Passwort"))).toBe(
      "Bitte geben Sie Ihr Passwort ein.",
    );

    await typeInto(getInput(page.container, "E-Mail"), "ana@example.org");
    await typeInto(getInput(page.container, "Passwort"), "falsches Passwort");
    await submit(getButton(page.container, "Anmelden"));
    const alert = page.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe("Falsche E-Mail-Adresse oder falsches Passwort.");
    expect(document.activeElement).toBe(alert);
    expect(page.navigations).toEqual([]);
    const links = [...page.container.querySelectorAll("a")].map((a) => a.textContent);
    expect(links).toEqual(["Passwort vergessen?", "Registrieren"]);
    expect(text(page.container)).toContain("Sie haben noch kein Konto? Registrieren");
  });

  it("checks the sign-up's passwords in German and sends nothing until they match", async () => {
    page = await renderHandler("sign-up", {
      lang: "de",
      routes: {
        "POST /auth/password/sign-up": () =>
          knownError("USER_EMAIL_ALREADY_EXISTS", "A user with email exists.", 409, {
            email: "ana@example.org",
          }),
      },
    });
    expect(text(page.container)).toContain("8 bis 70 Zeichen.");
    await typeInto(getInput(page.container, "E-Mail"), "ana@example.org");
    await typeInto(getInput(page.container, "Passwort"), "kurz");
    await submit(getButton(page.container, "Registrieren"));
    expect(fieldError(getInput(page.container, "Passwort"))).toBe(
      "Das Passwort ist zu kurz. Es muss mindestens 8 Zeichen lang sein.",
    );

    await typeInto(getInput(page.container, "Passwort"), "lang genug");
    await typeInto(getInput(page.container, "Passwort wiederholen"), "etwas anderes");
    await submit(getButton(page.container, "Registrieren"));
    const repeat = getInput(page.container, "Passwort wiederholen");
    expect(fieldError(repeat)).toBe("Die Passwörter stimmen nicht überein.");
    expect(document.activeElement).toBe(repeat);
    expect(page.requestsTo("POST /auth/password/sign-up")).toEqual([]);

    await typeInto(repeat, "lang genug");
    await submit(getButton(page.container, "Registrieren"));
    expect(fieldError(getInput(page.container, "E-Mail"))).toBe(
      "Es gibt bereits ein Konto mit der E-Mail-Adresse ana@example.org.",
    );
  });

  it("writes the sessions' dates the German way", async () => {
    const created = Date.UTC(2023, 10, 14, 12, 0);
    page = await renderHandler("account-settings", {
      lang: "de",
      signedIn: true,
      routes: {
        "GET /contact-channels": () => Response.json({ items: [], is_paginated: false }),
        "GET /auth/sessions": () =>
          Response.json({
            items: [
              {
                id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
                user_id: userId,
                created_at: created,
                last_used_at: created,
                is_impersonation: false,
                is_current_session: true,
              },
            ],
            is_paginated: false,
          }),
      },
    });
    const when = new Intl.DateTimeFormat("de", { dateStyle: "medium", timeStyle: "short" }).format(
      created,
    );
    expect(when).toMatch(/^14\.11\.2023, \d\d:\d\d$/);
    expect(text(page.container)).toContain(
      `Angemeldet am ${when}, zuletzt verwendet am ${when} (diese Sitzung)`,
    );
  });
});

describe("in Bosnian", () => {
  it("counts characters with the Bosnian forms", async () => {
    page = await renderHandler("account-settings", {
      lang: "bs-BA",
      signedIn: true,
      routes: { "GET /contact-channels": () => Response.json({ items: [], is_paginated: false }) },
    });
    const name = getInput(page.container, "Ime za prikaz");
    await typeInto(name, "a".repeat(257));
    await submit(getButton(page.container, "Sačuvaj ime"));
    expect(fieldError(name)).toBe("Ime može imati najviše 256 znakova.");
    expect(text(page.container)).toContain("Od 8 do 70 znakova.");
  });
});

describe("the language and the app's own texts", () => {
  it("stays English for a language the pages do not speak", async () => {
    page = await renderHandler("sign-in", { lang: "fr-FR" });
    expect(page.container.querySelector("h1")?.textContent).toBe("Sign in to your account");
  });

  it("uses an app's text in place of the catalogue's", async () => {
    page = await renderHandler("sign-in", {
      lang: "bs",
      translationOverrides: { "signIn.formTitle": "Dobro došli nazad" },
    });
    expect(page.container.querySelector("h1")?.textContent).toBe("Dobro došli nazad");
    expect(getButton(page.container, "Prijavi se")).toBeTruthy();
  });
});
