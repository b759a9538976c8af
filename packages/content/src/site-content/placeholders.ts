/**
 * @module
 * The placeholders the default copy ships with (issue 19, defect 10): bracketed texts such as
 * "[Street and number]", the example.org address, the all-zero phone number, and social links
 * that are a network's home page (or none at all). The admin's go-live checklist lists each one
 * still in place, per language, and the server names them in a warning at start; a public page
 * whose own content holds one is kept out of search engines (noindex, and out of the sitemap),
 * and visitors never see one (without-placeholders.ts, issue 33, item 3).
 *
 * Pure functions over stored rows: the server (pages, sitemap) and the browser (the dashboard)
 * both call them.
 */
import type { SiteLanguage } from "../localise";
import { siteLanguages } from "../localise";
import {
  resolveGlobalSeo,
  resolvePageContent,
  type SiteContentRow,
} from "./site-content-repository";

/** "[Name of the organisation]": a bracketed text of 2 to 80 characters, no markup inside. */
const bracketed = /\[[^[\]<>\n]{2,80}\]/;
/** An address at the documentation domains (RFC 2606), e.g. info@example.org. */
const exampleEmail = /[\w.+-]+@(?:[\w-]+\.)*example\.(?:org|com|net)\b/i;
/** A phone number whose digits after a country code are all zeros, e.g. +387 00 000 000. */
const zeroPhone = /\+\d{1,3}[\s-]*0{2,3}(?:[\s-]*0{2,4}){2,3}(?!\d)/;
/** A social link that is a network's home page rather than the organisation's profile. */
const networkHomePage =
  /^https?:\/\/(?:www\.)?(?:facebook\.com|instagram\.com|linkedin\.com|twitter\.com|x\.com)\/?$/i;

/** A social link to a network's home page ("https://www.facebook.com/"), not to a profile. */
export function isNetworkHomePage(url: string): boolean {
  return networkHomePage.test(url.trim());
}

/** The placeholder a text still holds ("[Street and number]", "info@example.org"), or null. */
export function findPlaceholderText(text: string): string | null {
  const plain = text.replace(/<[^>]*>/g, " ");
  for (const pattern of [bracketed, exampleEmail, zeroPhone]) {
    const match = pattern.exec(plain);
    if (match) return match[0].trim();
  }
  return null;
}

/** Where a placeholder sits: a field of a page section in one language, or a global SEO field. */
export interface Placeholder {
  /** "contact", "impressum", ... or "seo" for the global SEO settings (no language). */
  section: PlaceholderSection;
  language: SiteLanguage | null;
  /** The field's name in the stored content, e.g. "address"; "social" for the social links. */
  field: string;
  /** The placeholder text itself, e.g. "[Street and number]". */
  text: string;
}

export type PlaceholderSection = "footer" | "contact" | "impressum" | "datenschutz" | "seo";

/** The sections and fields whose default copy holds placeholders, in the checklist's order. */
export const placeholderFields = {
  impressum: ["content"],
  datenschutz: ["content"],
  contact: ["email", "phone", "address"],
  footer: ["email", "phone"],
} as const;

/** The public pages whose main content is one of those sections (the footer is on every page). */
export const placeholderPages = ["impressum", "datenschutz", "contact"] as const;
export type PlaceholderPage = (typeof placeholderPages)[number];

type RowLookup = (id: string) => SiteContentRow | null | undefined;

/** The placeholders of one page section in one language. */
export function findSectionPlaceholders(
  section: keyof typeof placeholderFields,
  language: SiteLanguage,
  row: SiteContentRow | null | undefined,
): Placeholder[] {
  return findCopyPlaceholders(
    section,
    language,
    resolvePageContent(section, language, row ?? null),
  );
}

/** The placeholders of a section's copy as a page shows it (already resolved). */
export function findCopyPlaceholders(
  section: keyof typeof placeholderFields,
  language: SiteLanguage,
  copy: object,
): Placeholder[] {
  const found: Placeholder[] = [];
  for (const field of placeholderFields[section]) {
    const value = (copy as Record<string, unknown>)[field];
    const text = typeof value === "string" ? findPlaceholderText(value) : null;
    if (text) found.push({ section, language, field, text });
  }
  return found;
}

/** The placeholders of the global SEO settings: contact details and social links. */
export function findSeoPlaceholders(row: SiteContentRow | null | undefined): Placeholder[] {
  const seo = resolveGlobalSeo(row ?? null) as unknown as Record<string, unknown>;
  const found: Placeholder[] = [];
  for (const field of ["contact_email", "contact_phone"]) {
    const value = seo[field];
    const text = typeof value === "string" ? findPlaceholderText(value) : null;
    if (text) found.push({ section: "seo", language: null, field, text });
  }
  const social = ["social_facebook", "social_instagram", "social_linkedin", "social_twitter"]
    .map((field) => seo[field])
    .filter((value): value is string => typeof value === "string" && /^https?:\/\//.test(value));
  // No profile at all: the footer links to the networks' home pages.
  const homePage = social.find((url) => networkHomePage.test(url));
  if (social.length === 0 || homePage) {
    found.push({
      section: "seo",
      language: null,
      field: "social",
      text: homePage ?? "https://www.facebook.com/",
    });
  }
  return found;
}

/**
 * Every placeholder still in place: the pages' sections in every language, then the global SEO
 * settings. `rowOf` gives the stored site_content row of an id (null or undefined: none stored,
 * so the built-in copy, placeholders and all, is what visitors see).
 */
export function findPlaceholders(rowOf: RowLookup): Placeholder[] {
  const found: Placeholder[] = [];
  for (const section of Object.keys(placeholderFields) as (keyof typeof placeholderFields)[]) {
    for (const language of siteLanguages) {
      found.push(...findSectionPlaceholders(section, language, rowOf(section)));
    }
  }
  found.push(...findSeoPlaceholders(rowOf("global-seo-settings")));
  return found;
}

/**
 * Each field still holding a placeholder, once, with the languages it holds one in: "contact
 * address (en, de, bs)", "seo contact_email", "seo social". For the warning at start.
 */
export function describePlaceholders(found: Placeholder[]): string[] {
  const languages = new Map<string, string[]>();
  for (const item of found) {
    const key = `${item.section} ${item.field}`;
    const list = languages.get(key) ?? [];
    if (item.language && !list.includes(item.language)) list.push(item.language);
    languages.set(key, list);
  }
  return [...languages].map(([key, list]) =>
    list.length > 0 ? `${key} (${list.join(", ")})` : key,
  );
}
