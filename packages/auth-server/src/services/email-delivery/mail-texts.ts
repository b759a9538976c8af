/**
 * The built-in mails' texts in the languages the platform speaks (issue 33, item 1): English (the
 * contract's subjects, §2.2–§2.9), German and Bosnian. A flow mails in the language of the request
 * that caused it (`Accept-Language`, read in http/mail-language.ts): the site's handler pages send
 * their page's language, a browser its own. A project that stores its own template (contract §3.4)
 * gets that template, in whatever language it is written.
 * @module
 */

export const mailLanguages = ["en", "de", "bs"] as const;
export type MailLanguage = (typeof mailLanguages)[number];

/** The parts of a link mail; `{project}`, `{team}` and `{otp}` are filled in when rendering. */
export interface LinkMailTexts {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  outro: string;
}

export type BuiltInMail = "emailVerification" | "passwordReset" | "magicLink" | "teamInvitation";

export const mailTexts: Record<MailLanguage, Record<BuiltInMail, LinkMailTexts>> = {
  en: {
    emailVerification: {
      subject: "Verify your email at {project}",
      heading: "Verify your email at {project}",
      intro: "Please confirm your e-mail address by opening this link:",
      action: "Verify my email",
      outro: "If you did not ask for this, you can ignore this e-mail.",
    },
    passwordReset: {
      subject: "Reset your password at {project}",
      heading: "Reset your password at {project}",
      intro: "Someone asked to reset the password of your account. To choose a new one, open:",
      action: "Reset my password",
      outro:
        "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
    },
    magicLink: {
      subject: "Sign in to {project}: Your code is {otp}",
      heading: "Sign in to {project}",
      intro: "This is your one-time code for signing in; enter it on the sign-in page:",
      action: "Or sign in with this link",
      outro:
        "If you did not ask for this, you can ignore this e-mail; nobody can sign in without it.",
    },
    teamInvitation: {
      subject: "You have been invited to join {team}",
      heading: "You have been invited to join {team}",
      intro: 'You were invited to the team "{team}" at {project}. To join it, open:',
      action: "Join the team",
      outro: "If you did not expect this invitation, you can ignore this e-mail.",
    },
  },
  de: {
    emailVerification: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse bei {project}",
      heading: "Bestätigen Sie Ihre E-Mail-Adresse bei {project}",
      intro: "Bitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link öffnen:",
      action: "E-Mail-Adresse bestätigen",
      outro: "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.",
    },
    passwordReset: {
      subject: "Passwort zurücksetzen bei {project}",
      heading: "Passwort zurücksetzen bei {project}",
      intro:
        "Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Um ein neues zu wählen, öffnen Sie:",
      action: "Passwort zurücksetzen",
      outro:
        "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.",
    },
    magicLink: {
      subject: "Anmeldung bei {project}: Ihr Code lautet {otp}",
      heading: "Anmeldung bei {project}",
      intro: "Dies ist Ihr Einmalcode für die Anmeldung; geben Sie ihn auf der Anmeldeseite ein:",
      action: "Oder mit diesem Link anmelden",
      outro:
        "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; ohne sie kann sich niemand anmelden.",
    },
    teamInvitation: {
      subject: "Sie wurden eingeladen, dem Team {team} beizutreten",
      heading: "Sie wurden eingeladen, dem Team {team} beizutreten",
      intro:
        'Sie wurden in das Team "{team}" bei {project} eingeladen. Um beizutreten, öffnen Sie:',
      action: "Dem Team beitreten",
      outro: "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    },
  },
  bs: {
    emailVerification: {
      subject: "Potvrdite svoju e-mail adresu na {project}",
      heading: "Potvrdite svoju e-mail adresu na {project}",
      intro: "Molimo vas da potvrdite svoju e-mail adresu otvaranjem ovog linka:",
      action: "Potvrdi e-mail adresu",
      outro: "Ako ovo niste zatražili, možete zanemariti ovaj e-mail.",
    },
    passwordReset: {
      subject: "Nova lozinka za {project}",
      heading: "Postavite novu lozinku za {project}",
      intro: "Neko je zatražio promjenu lozinke vašeg računa. Da odaberete novu, otvorite:",
      action: "Postavi novu lozinku",
      outro: "Ako ovo niste zatražili, možete zanemariti ovaj e-mail; vaša lozinka ostaje ista.",
    },
    magicLink: {
      subject: "Prijava na {project}: vaš kod je {otp}",
      heading: "Prijava na {project}",
      intro: "Ovo je vaš jednokratni kod za prijavu; unesite ga na stranici za prijavu:",
      action: "Ili se prijavite ovim linkom",
      outro:
        "Ako ovo niste zatražili, možete zanemariti ovaj e-mail; bez njega se niko ne može prijaviti.",
    },
    teamInvitation: {
      subject: "Pozvani ste da se pridružite timu {team}",
      heading: "Pozvani ste da se pridružite timu {team}",
      intro: 'Pozvani ste u tim "{team}" na {project}. Da se pridružite, otvorite:',
      action: "Pridruži se timu",
      outro: "Ako niste očekivali ovu pozivnicu, možete zanemariti ovaj e-mail.",
    },
  },
};

/** A text with its `{name}` places filled in (values are plain text; HTML escaping comes later). */
export function fillMailText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
