/**
 * Shapes of the editable page copy (site spec, section 3, "Site content record"). The same
 * shapes are stored per language in `site_content.content`, `content_de` and `content_bs`.
 */

export type HeroContent = {
  title: string;
  subtitle: string;
  description: string;
};

export type FooterContent = {
  description: string;
  email: string;
  phone: string;
};

export type AboutValue = {
  title: string;
  text: string;
  /** A Tailwind background class, e.g. "bg-sky-100". */
  color: string;
};

export type AboutContent = {
  title: string;
  /** Rich text as HTML. */
  introText: string;
  /** URL of the main image. */
  mainImage: string;
  missionTitle: string;
  missionStatement: string;
  valuesTitle: string;
  values: AboutValue[];
};

export type ContactContent = {
  title: string;
  subtitle: string;
  description: string;
  email: string;
  phone: string;
  /** Several lines separated by "\n". */
  address: string;
  formTitle: string;
};

/** Impressum and datenschutz pages. */
export type LegalPageContent = {
  title: string;
  /** Rich text as HTML. */
  content: string;
};

export type PageCopy = {
  hero: HeroContent;
  footer: FooterContent;
  about: AboutContent;
  contact: ContactContent;
  impressum: LegalPageContent;
  datenschutz: LegalPageContent;
};
