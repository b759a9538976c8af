/**
 * English UI strings of the public site: the source of the keys. `de.ts` and `bs.ts` satisfy
 * `UiStrings`, so a missing or extra key there is a type error. Texts quoted in the site spec
 * (sections 2, 5 and 8) are kept word for word.
 */

import { countOf } from "./plural";

/** Widens literal strings to `string` and keeps functions, so translations can differ in text. */
export type DeepStringShape<T> = T extends string
  ? string
  : T extends (...args: infer Params) => string
    ? (...args: Params) => string
    : { readonly [K in keyof T]: DeepStringShape<T[K]> };

export const en = {
  site: {
    name: "Balkan Heritage",
  },
  nav: {
    home: "Home",
    about: "About",
    projects: "Projects",
    faq: "FAQ",
    contact: "Contact",
    admin: "Admin",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    chooseLanguage: "Choose language",
    currentLanguage: (language: string) => `Current language: ${language}`,
    skipToContent: "Skip to content",
    mainNavigation: "Main navigation",
    homeLink: "Balkan Heritage, home page",
  },
  languages: {
    en: "English",
    de: "Deutsch",
    bs: "Bosanski",
  },
  home: {
    exploreProjects: "Explore our projects",
    categoryCount: (count: number) => countOf("en", count, { one: "project", other: "projects" }),
    projectsTitle: "Our Projects",
    projectsIntro:
      "From oral histories and traditional music to youth exchanges and nature conservation: discover the projects through which we keep the heritage of the Balkans alive.",
    filterLabel: "Filter projects by category",
    emptyCategory: "There are no projects in this category yet.",
    learnMore: "Learn more",
    faqTitle: "Frequently Asked Questions",
    faqIntro:
      "Answers to the questions we are asked most often. If yours is not among them, please get in touch.",
  },
  project: {
    backToHome: "Back to home",
    categoryLabel: "Category",
    detailsTitle: "About the project",
    relatedProjects: "Related projects",
    notFound: "Project not found",
    notFoundText: "The project you are looking for does not exist or is no longer available.",
    returnHome: "Return to Home",
  },
  about: {
    loading: "Loading content...",
  },
  contact: {
    emailLabel: "Email",
    phoneLabel: "Phone",
    addressLabel: "Address",
    form: {
      honeypot: "Leave this field empty",
      requiredHint: "All fields are required.",
      name: "Name",
      email: "Email",
      subject: "Subject",
      message: "Message",
      namePlaceholder: "Your name",
      emailPlaceholder: "name@example.org",
      subjectPlaceholder: "What is your message about?",
      messagePlaceholder: "Write your message here...",
      submit: "Send Message",
      sending: "Sending...",
    },
    validation: {
      nameRequired: "Name is required",
      emailRequired: "Email is required",
      emailInvalid: "Invalid email address",
      subjectRequired: "Subject is required",
      messageRequired: "Message is required",
      messageTooShort: "Message must be at least 10 characters long",
      textNotStorable: "This text contains characters that cannot be saved",
    },
    notices: {
      invalidTitle: "Please check the form",
      successTitle: "Message sent!",
      successText: "Thank you for contacting us. We'll get back to you soon.",
      errorTitle: "Error",
      errorText: "Failed to send your message. Please try again.",
      rateLimitedTitle: "Too many messages",
      /** `minutes` is null when the server did not say how long to wait. */
      rateLimitedText: (minutes: number | null) =>
        `You have sent several messages in a short time. Your text is still in the form: please send it again ${
          minutes === null
            ? "in a few minutes"
            : `in ${countOf("en", minutes, { one: "minute", other: "minutes" })}`
        }.`,
    },
  },
  footer: {
    socialLinks: "Social media",
    languageLinks: "Languages",
    contact: "Contact",
    followUs: "Follow us",
    links: "Links",
    privacyPolicy: "Privacy Policy",
    impressum: "Impressum",
    emailLabel: "Email",
    phoneLabel: "Phone",
    socialLink: (network: string) => `Follow us on ${network}`,
    copyright: (year: number) => `© ${year} Balkan Heritage. All rights reserved.`,
  },
  preview: {
    /** The banner of a signed-in admin's preview of a draft (issue 34, item 1). */
    title: "Preview of a draft",
    text: "Not published: visitors see the live page. Links lead to the live site.",
    savedBy: (name: string, time: string) => `Draft saved by ${name}, ${time}`,
  },
  legal: {
    /** In place of legal details still to be entered (the default copy's placeholders). */
    detailsToFollow: "Further details will be published on this page shortly.",
  },
  notFound: {
    text: "The page you are looking for does not exist or has been moved.",
    code: "404",
    title: "Oops! Page not found",
    returnHome: "Return to Home",
  },
  loading: {
    page: "Loading...",
    content: "Loading content...",
    projects: "Loading projects...",
    project: "Loading project...",
  },
  images: {
    placeholder: "Image not available",
    project: (title: string) => `Illustration for the project ${title}`,
    about: "Illustration of Balkan heritage: an old stone bridge, mountains and woven patterns",
    flag: (language: string) => `Flag for ${language}`,
  },
} as const;

export type UiStrings = DeepStringShape<typeof en>;
