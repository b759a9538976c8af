/**
 * @module
 * The texts of the site's own parts of sign-in (issue 33, item 1): /login (its form, the first
 * admin's form, the loading and error notices), the frame of the handler pages (tab titles, the
 * language links) and the auth guard's notices. The handler pages' own texts come from
 * `@heritage/auth-react` in the same language. English texts quoted in the site spec (sections 2,
 * 5 and 8) are kept word for word; German is formal ("Sie"); Bosnian is Latin-script ijekavian.
 */
import type { SiteLanguage } from "../lib/language";

export const signInStringsEn = {
  loginTitle: "Admin Sign In | Heritage",
  accountTitle: "Account | Heritage",
  heading: "Admin Sign In",
  intro: "Sign in to manage the website's content.",
  processing: "Processing authentication...",
  signingOut: "Signing out...",
  checking: "Checking your sign-in...",
  slow: "Taking longer than expected...",
  refreshHint: "If nothing happens, try refreshing the page.",
  email: "Email",
  password: "Password",
  forgotPassword: "Forgot password?",
  signIn: "Sign In",
  signingIn: "Signing in...",
  errorTitle: "Authentication Error",
  invalidCredentials: "Invalid email or password",
  fallback: "Authentication failed",
  unexpectedTitle: "Error",
  unknown: "An unknown error occurred",
  successTitle: "Success!",
  successText: "You've been signed in",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  /** Messages of the platform's errors a sign-in can meet, by code; others show their own text. */
  knownErrors: {} as Partial<Record<string, string>>,
  languageLinks: "Language",
  firstAdmin: {
    title: "Create the first admin account",
    intro:
      "No admin account exists yet. The account you create here is the first administrator; more can be added from the admin area.",
    create: "Create Admin Account",
    creating: "Creating Account...",
    created: "Your admin account was created",
  },
  userFields: {
    displayName: "Display Name",
    email: "Email",
    password: "Password",
    passwordHint: (min: number, max: number) => `${min} to ${max} characters.`,
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Password is required",
    passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
    passwordTooLong: (max: number) => `Password must be at most ${max} characters`,
    displayNameTooLong: "Display name must be at most 256 characters",
    unstorable: "This text contains characters that cannot be saved",
  },
};

type Shape<T> = T extends string
  ? string
  : T extends (...args: infer P) => string
    ? (...args: P) => string
    : { readonly [K in keyof T]: Shape<T[K]> };

export type SignInStrings = Shape<typeof signInStringsEn>;
export type AdminUserFieldStrings = SignInStrings["userFields"];

const signInStringsDe: SignInStrings = {
  loginTitle: "Anmeldung zur Verwaltung | Heritage",
  accountTitle: "Konto | Heritage",
  heading: "Anmeldung zur Verwaltung",
  intro: "Melden Sie sich an, um die Inhalte der Website zu verwalten.",
  processing: "Anmeldung wird geprüft...",
  signingOut: "Abmeldung läuft...",
  checking: "Ihre Anmeldung wird geprüft...",
  slow: "Das dauert länger als erwartet...",
  refreshHint: "Wenn nichts passiert, laden Sie die Seite neu.",
  email: "E-Mail",
  password: "Passwort",
  forgotPassword: "Passwort vergessen?",
  signIn: "Anmelden",
  signingIn: "Anmeldung läuft...",
  errorTitle: "Anmeldung fehlgeschlagen",
  invalidCredentials: "E-Mail-Adresse oder Passwort ist falsch",
  fallback: "Die Anmeldung ist fehlgeschlagen",
  unexpectedTitle: "Fehler",
  unknown: "Ein unbekannter Fehler ist aufgetreten",
  successTitle: "Erfolgreich!",
  successText: "Sie sind angemeldet",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein",
  passwordRequired: "Bitte geben Sie Ihr Passwort ein",
  knownErrors: {
    EMAIL_PASSWORD_MISMATCH: "E-Mail-Adresse oder Passwort ist falsch",
    PASSWORD_AUTHENTICATION_NOT_ENABLED: "Die Anmeldung mit Passwort ist nicht aktiviert",
    USER_NOT_FOUND: "E-Mail-Adresse oder Passwort ist falsch",
    TOO_MANY_REQUESTS:
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut",
    SCHEMA_ERROR: "Bitte prüfen Sie Ihre Eingaben",
  },
  languageLinks: "Sprache",
  firstAdmin: {
    title: "Das erste Administratorkonto anlegen",
    intro:
      "Es gibt noch kein Administratorkonto. Das Konto, das Sie hier anlegen, ist der erste Administrator; weitere können im Verwaltungsbereich hinzugefügt werden.",
    create: "Administratorkonto anlegen",
    creating: "Konto wird angelegt...",
    created: "Ihr Administratorkonto wurde angelegt",
  },
  userFields: {
    displayName: "Anzeigename",
    email: "E-Mail",
    password: "Passwort",
    passwordHint: (min, max) => `${min} bis ${max} Zeichen.`,
    emailRequired: "Bitte geben Sie eine E-Mail-Adresse ein",
    emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
    passwordRequired: "Bitte geben Sie ein Passwort ein",
    passwordTooShort: (min) => `Das Passwort muss mindestens ${min} Zeichen lang sein`,
    passwordTooLong: (max) => `Das Passwort darf höchstens ${max} Zeichen lang sein`,
    displayNameTooLong: "Der Anzeigename darf höchstens 256 Zeichen lang sein",
    unstorable: "Dieser Text enthält Zeichen, die nicht gespeichert werden können",
  },
};

const signInStringsBs: SignInStrings = {
  loginTitle: "Prijava za administratore | Heritage",
  accountTitle: "Račun | Heritage",
  heading: "Prijava za administratore",
  intro: "Prijavite se da biste uređivali sadržaj stranice.",
  processing: "Prijava se provjerava...",
  signingOut: "Odjava u toku...",
  checking: "Vaša prijava se provjerava...",
  slow: "Ovo traje duže nego što je očekivano...",
  refreshHint: "Ako se ništa ne desi, ponovo učitajte stranicu.",
  email: "E-mail",
  password: "Lozinka",
  forgotPassword: "Zaboravili ste lozinku?",
  signIn: "Prijavi se",
  signingIn: "Prijava u toku...",
  errorTitle: "Greška pri prijavi",
  invalidCredentials: "Pogrešna e-mail adresa ili lozinka",
  fallback: "Prijava nije uspjela",
  unexpectedTitle: "Greška",
  unknown: "Došlo je do nepoznate greške",
  successTitle: "Uspješno!",
  successText: "Prijavljeni ste",
  emailRequired: "Unesite svoju e-mail adresu",
  passwordRequired: "Unesite svoju lozinku",
  knownErrors: {
    EMAIL_PASSWORD_MISMATCH: "Pogrešna e-mail adresa ili lozinka",
    PASSWORD_AUTHENTICATION_NOT_ENABLED: "Prijava lozinkom nije uključena",
    USER_NOT_FOUND: "Pogrešna e-mail adresa ili lozinka",
    TOO_MANY_REQUESTS: "Previše pokušaja. Sačekajte trenutak i pokušajte ponovo",
    SCHEMA_ERROR: "Provjerite unesene podatke",
  },
  languageLinks: "Jezik",
  firstAdmin: {
    title: "Kreirajte prvi administratorski račun",
    intro:
      "Još ne postoji nijedan administratorski račun. Račun koji ovdje kreirate je prvi administrator; ostali se mogu dodati u administraciji.",
    create: "Kreiraj administratorski račun",
    creating: "Račun se kreira...",
    created: "Vaš administratorski račun je kreiran",
  },
  userFields: {
    displayName: "Ime za prikaz",
    email: "E-mail",
    password: "Lozinka",
    passwordHint: (min, max) => `Od ${min} do ${max} znakova.`,
    emailRequired: "Unesite e-mail adresu",
    emailInvalid: "Unesite ispravnu e-mail adresu",
    passwordRequired: "Unesite lozinku",
    passwordTooShort: (min) => `Lozinka mora imati najmanje ${min} znakova`,
    passwordTooLong: (max) => `Lozinka može imati najviše ${max} znakova`,
    displayNameTooLong: "Ime za prikaz može imati najviše 256 znakova",
    unstorable: "Ovaj tekst sadrži znakove koji se ne mogu sačuvati",
  },
};

export const signInStrings: Record<SiteLanguage, SignInStrings> = {
  en: signInStringsEn,
  de: signInStringsDe,
  bs: signInStringsBs,
};
