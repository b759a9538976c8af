import type { UiStrings } from "./en";
import { countOf } from "./plural";

/** German UI strings of the public site (formal "Sie"). */
export const de = {
  site: {
    name: "Balkan Heritage",
  },
  nav: {
    home: "Startseite",
    about: "Über uns",
    projects: "Projekte",
    faq: "FAQ",
    contact: "Kontakt",
    admin: "Verwaltung",
    openMenu: "Menü öffnen",
    closeMenu: "Menü schließen",
    chooseLanguage: "Sprache wählen",
    currentLanguage: (language: string) => `Aktuelle Sprache: ${language}`,
    skipToContent: "Zum Inhalt springen",
    mainNavigation: "Hauptnavigation",
    homeLink: "Balkan Heritage, zur Startseite",
  },
  languages: {
    en: "English",
    de: "Deutsch",
    bs: "Bosanski",
  },
  home: {
    exploreProjects: "Unsere Projekte entdecken",
    categoryCount: (count: number) => countOf("de", count, { one: "Projekt", other: "Projekte" }),
    projectsTitle: "Unsere Projekte",
    projectsIntro:
      "Von mündlich überlieferten Geschichten und traditioneller Musik bis zu Jugendbegegnungen und Naturschutz: Entdecken Sie die Projekte, mit denen wir das Erbe des Balkans lebendig halten.",
    filterLabel: "Projekte nach Kategorie filtern",
    emptyCategory: "In dieser Kategorie gibt es noch keine Projekte.",
    learnMore: "Mehr erfahren",
    faqTitle: "Häufig gestellte Fragen",
    faqIntro:
      "Antworten auf die Fragen, die uns am häufigsten gestellt werden. Ist Ihre Frage nicht dabei, nehmen Sie gerne Kontakt mit uns auf.",
  },
  project: {
    backToHome: "Zurück zur Startseite",
    categoryLabel: "Kategorie",
    detailsTitle: "Über das Projekt",
    relatedProjects: "Ähnliche Projekte",
    notFound: "Projekt nicht gefunden",
    notFoundText: "Das gesuchte Projekt existiert nicht oder ist nicht mehr verfügbar.",
    returnHome: "Zur Startseite",
  },
  about: {
    loading: "Inhalte werden geladen...",
  },
  contact: {
    emailLabel: "E-Mail",
    phoneLabel: "Telefon",
    addressLabel: "Adresse",
    form: {
      honeypot: "Dieses Feld bitte leer lassen",
      requiredHint: "Alle Felder sind Pflichtfelder.",
      name: "Name",
      email: "E-Mail",
      subject: "Betreff",
      message: "Nachricht",
      namePlaceholder: "Ihr Name",
      emailPlaceholder: "name@example.org",
      subjectPlaceholder: "Worum geht es in Ihrer Nachricht?",
      messagePlaceholder: "Schreiben Sie hier Ihre Nachricht...",
      submit: "Nachricht senden",
      sending: "Wird gesendet...",
    },
    validation: {
      nameRequired: "Bitte geben Sie Ihren Namen ein.",
      emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
      emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      subjectRequired: "Bitte geben Sie einen Betreff ein.",
      messageRequired: "Bitte geben Sie eine Nachricht ein.",
      messageTooShort: "Die Nachricht muss mindestens 10 Zeichen lang sein.",
      textNotStorable: "Dieser Text enthält Zeichen, die nicht gespeichert werden können.",
    },
    notices: {
      invalidTitle: "Bitte prüfen Sie das Formular",
      successTitle: "Nachricht gesendet!",
      successText: "Vielen Dank für Ihre Nachricht. Wir melden uns in Kürze bei Ihnen.",
      errorTitle: "Fehler",
      errorText: "Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.",
      rateLimitedTitle: "Zu viele Nachrichten",
      rateLimitedText: (minutes: number | null) =>
        `Sie haben in kurzer Zeit mehrere Nachrichten gesendet. Ihr Text steht noch im Formular: Bitte senden Sie ihn ${
          minutes === null
            ? "in einigen Minuten"
            : `in ${countOf("de", minutes, { one: "Minute", other: "Minuten" })}`
        } erneut.`,
    },
  },
  footer: {
    socialLinks: "Soziale Medien",
    languageLinks: "Sprachen",
    contact: "Kontakt",
    followUs: "Folgen Sie uns",
    links: "Links",
    privacyPolicy: "Datenschutz",
    impressum: "Impressum",
    emailLabel: "E-Mail",
    phoneLabel: "Telefon",
    socialLink: (network: string) => `Folgen Sie uns auf ${network}`,
    copyright: (year: number) => `© ${year} Balkan Heritage. Alle Rechte vorbehalten.`,
  },
  preview: {
    title: "Vorschau eines Entwurfs",
    text: "Nicht veröffentlicht: Besucher sehen die veröffentlichte Seite. Links führen zur veröffentlichten Website.",
    savedBy: (name: string, time: string) => `Entwurf gespeichert von ${name}, ${time}`,
  },
  legal: {
    detailsToFollow: "Weitere Angaben werden in Kürze auf dieser Seite veröffentlicht.",
  },
  notFound: {
    text: "Die gesuchte Seite existiert nicht oder wurde verschoben.",
    code: "404",
    title: "Hoppla! Diese Seite wurde nicht gefunden.",
    returnHome: "Zur Startseite",
  },
  loading: {
    page: "Wird geladen...",
    content: "Inhalte werden geladen...",
    projects: "Projekte werden geladen...",
    project: "Projekt wird geladen...",
  },
  images: {
    placeholder: "Bild nicht verfügbar",
    project: (title: string) => `Illustration zum Projekt ${title}`,
    about:
      "Illustration zum kulturellen Erbe des Balkans: eine alte Steinbrücke, Berge und gewebte Muster",
    flag: (language: string) => `Flagge für ${language}`,
  },
} satisfies UiStrings;
