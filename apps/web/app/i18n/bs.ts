import type { UiStrings } from "./en";
import { countOf } from "./plural";

const minuteForms = { one: "minutu", few: "minute", other: "minuta" };

/** Bosnian UI strings of the public site (Latin script). */
export const bs = {
  site: {
    name: "Balkan Heritage",
  },
  nav: {
    home: "Početna",
    about: "O nama",
    projects: "Projekti",
    faq: "Česta pitanja",
    contact: "Kontakt",
    admin: "Administracija",
    openMenu: "Otvori meni",
    closeMenu: "Zatvori meni",
    chooseLanguage: "Odaberite jezik",
    currentLanguage: (language: string) => `Trenutni jezik: ${language}`,
    skipToContent: "Preskoči na sadržaj",
    mainNavigation: "Glavna navigacija",
    homeLink: "Balkan Heritage, početna stranica",
  },
  languages: {
    en: "English",
    de: "Deutsch",
    bs: "Bosanski",
  },
  home: {
    exploreProjects: "Upoznajte naše projekte",
    categoryCount: (count: number) =>
      countOf("bs", count, { one: "projekat", few: "projekta", other: "projekata" }),
    projectsTitle: "Naši projekti",
    projectsIntro:
      "Od usmenih priča i tradicionalne muzike do razmjene mladih i zaštite prirode: upoznajte projekte kroz koje čuvamo baštinu Balkana živom.",
    filterLabel: "Filtriraj projekte po kategoriji",
    emptyCategory: "U ovoj kategoriji još nema projekata.",
    learnMore: "Saznajte više",
    faqTitle: "Često postavljana pitanja",
    faqIntro:
      "Odgovori na pitanja koja nam se najčešće postavljaju. Ako među njima nema vašeg, slobodno nam se obratite.",
  },
  project: {
    backToHome: "Nazad na početnu",
    categoryLabel: "Kategorija",
    detailsTitle: "O projektu",
    relatedProjects: "Slični projekti",
    notFound: "Projekat nije pronađen",
    notFoundText: "Projekat koji tražite ne postoji ili više nije dostupan.",
    returnHome: "Povratak na početnu",
  },
  about: {
    loading: "Učitavanje sadržaja...",
  },
  contact: {
    emailLabel: "E-mail",
    phoneLabel: "Telefon",
    addressLabel: "Adresa",
    form: {
      honeypot: "Ostavite ovo polje prazno",
      requiredHint: "Sva polja su obavezna.",
      name: "Ime",
      email: "E-mail",
      subject: "Predmet",
      message: "Poruka",
      namePlaceholder: "Vaše ime",
      emailPlaceholder: "ime@example.org",
      subjectPlaceholder: "O čemu je vaša poruka?",
      messagePlaceholder: "Ovdje napišite svoju poruku...",
      submit: "Pošalji poruku",
      sending: "Slanje...",
    },
    validation: {
      nameRequired: "Ime je obavezno",
      emailRequired: "E-mail adresa je obavezna",
      emailInvalid: "Neispravna e-mail adresa",
      subjectRequired: "Predmet je obavezan",
      messageRequired: "Poruka je obavezna",
      messageTooShort: "Poruka mora imati najmanje 10 znakova",
      textNotStorable: "Ovaj tekst sadrži znakove koji se ne mogu sačuvati",
    },
    notices: {
      invalidTitle: "Molimo provjerite obrazac",
      successTitle: "Poruka je poslana!",
      successText: "Hvala vam što ste nas kontaktirali. Javit ćemo vam se uskoro.",
      errorTitle: "Greška",
      errorText: "Slanje poruke nije uspjelo. Molimo pokušajte ponovo.",
      rateLimitedTitle: "Previše poruka",
      rateLimitedText: (minutes: number | null) =>
        `Poslali ste više poruka u kratkom vremenu. Vaš tekst je još u obrascu: molimo pošaljite ga ponovo ${
          minutes === null ? "za nekoliko minuta" : `za ${countOf("bs", minutes, minuteForms)}`
        }.`,
    },
  },
  footer: {
    socialLinks: "Društvene mreže",
    languageLinks: "Jezici",
    contact: "Kontakt",
    followUs: "Pratite nas",
    links: "Linkovi",
    privacyPolicy: "Privatnost",
    impressum: "Impresum",
    emailLabel: "E-mail",
    phoneLabel: "Telefon",
    socialLink: (network: string) => `Pratite nas na mreži ${network}`,
    copyright: (year: number) => `© ${year} Balkan Heritage. Sva prava zadržana.`,
  },
  preview: {
    title: "Pregled nacrta",
    text: "Nije objavljeno: posjetioci vide objavljenu stranicu. Linkovi vode na objavljenu stranicu.",
    savedBy: (name: string, time: string) => `Nacrt sačuvao/la ${name}, ${time}`,
  },
  legal: {
    detailsToFollow: "Ostali podaci bit će uskoro objavljeni na ovoj stranici.",
  },
  notFound: {
    text: "Stranica koju tražite ne postoji ili je premještena.",
    code: "404",
    title: "Ups! Stranica nije pronađena",
    returnHome: "Povratak na početnu",
  },
  loading: {
    page: "Učitavanje...",
    content: "Učitavanje sadržaja...",
    projects: "Učitavanje projekata...",
    project: "Učitavanje projekta...",
  },
  images: {
    placeholder: "Slika nije dostupna",
    project: (title: string) => `Ilustracija za projekat ${title}`,
    about: "Ilustracija balkanske baštine: stari kameni most, planine i tkani motivi",
    flag: (language: string) => `Zastava: ${language}`,
  },
} satisfies UiStrings;
