/**
 * @module
 * The built-in page copy per language, and the default global SEO settings: what an empty
 * database is seeded with and what pages show when nothing (or nothing readable) is stored.
 */
import { bsCopy } from "../default-copy/bs";
import { deCopy } from "../default-copy/de";
import type { PageCopy } from "../default-copy/default-copy-types";
import { enCopy } from "../default-copy/en";
import type { SiteLanguage } from "../localise";
import type { GlobalSeoContent } from "./site-content-input";

/** Default page copy of each language (spec: "Defaults exist for all parts"). */
export const defaultPageCopy: Record<SiteLanguage, PageCopy> = {
  en: enCopy,
  de: deCopy,
  bs: bsCopy,
};

/** Seeded global SEO settings. Contact details are placeholders, like the page copy's. */
export const defaultGlobalSeo = {
  site_name: "Balkan Heritage",
  default_title: "Balkan Heritage: Preserving the Culture of the Balkans",
  default_title_de: "Balkan Heritage: Die Kultur des Balkans bewahren",
  default_title_bs: "Balkan Heritage: Očuvanje kulture Balkana",
  default_description: enCopy.footer.description,
  default_description_de: deCopy.footer.description,
  default_description_bs: bsCopy.footer.description,
  default_keywords: ["Balkan heritage", "Balkan culture", "traditions", "arts", "non-profit"],
  default_keywords_de: ["Balkan-Erbe", "Balkankultur", "Traditionen", "Kunst", "gemeinnützig"],
  default_keywords_bs: [
    "balkansko naslijeđe",
    "balkanska kultura",
    "tradicije",
    "umjetnost",
    "neprofitna organizacija",
  ],
  default_og_image: "",
  organization_name: "Balkan Heritage",
  organization_description: enCopy.footer.description,
  organization_logo: "",
  organization_url: "",
  contact_email: enCopy.footer.email,
  contact_phone: enCopy.footer.phone,
  social_twitter: "",
  social_facebook: "",
  social_linkedin: "",
  social_instagram: "",
} satisfies GlobalSeoContent;
